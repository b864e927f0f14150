import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { eventName, type FlowEdge, type FlowGraph, type FlowNode } from './graph';

/**
 * Where each state box and transition goes, computed by ELK's layered algorithm over the whole hierarchy at once
 * (`INCLUDE_CHILDREN`), so an edge into a nested state is routed across its parents' borders. Coordinates come
 * back relative to the root (`elk.json.*Coords: ROOT`), so the renderer draws everything in one space.
 * elkjs (~1.5 MB) is imported here only, and this module only by the explorer.
 */

export interface PlacedNode { node: FlowNode; x: number; y: number; width: number; height: number }
export interface PlacedEdge { edge: FlowEdge; points: { x: number; y: number }[]; label: { x: number; y: number; lines: string[] } }
export interface Drawing { width: number; height: number; nodes: PlacedNode[]; edges: PlacedEdge[] }

export const CHAR = 7; // px per character at the drawing's 12px monospace-ish label font
export const LINE = 15;
const HEADER = 26;

/** The label of an edge as lines: event, then [guard], then / actions. */
export function labelLines(e: FlowEdge): string[] {
  const lines = [eventName(e.event)];
  if (e.guard) lines.push(`[${e.guard}]`);
  if (e.actions.length) lines.push(`/ ${e.actions.join(', ')}`);
  return lines;
}

/** The lines under a state's name: what it invokes. */
export const invokeLines = (n: FlowNode) => n.invokes.map((i) => `invoke ${i.src}`);

const textWidth = (lines: string[]) => Math.max(...lines.map((l) => l.length)) * CHAR;

export async function layout(g: FlowGraph): Promise<Drawing> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const toElk = (id: string): ElkNode => {
    const n = g.nodes[id]!;
    const lines = [n.key, ...invokeLines(n)];
    const header = HEADER + invokeLines(n).length * LINE;
    if (n.children.length) {
      return {
        id,
        layoutOptions: { 'elk.padding': `[top=${header + 8},left=16,bottom=16,right=16]` },
        children: n.children.map(toElk),
      };
    }
    return { id, width: Math.max(80, textWidth(lines) + 28), height: header + 10 };
  };
  const edges: ElkExtendedEdge[] = g.edges.filter((e) => !e.internal).map((e) => {
    const lines = labelLines(e);
    return {
      id: e.id, sources: [e.source], targets: [e.target],
      labels: [{ text: lines.join('\n'), width: textWidth(lines) + 8, height: lines.length * LINE + 4 }],
    };
  });
  const root = g.nodes[g.root]!;
  const input: ElkNode = {
    id: '__chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeEdge': '12',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      // Declaration order breaks cycles, so the initial state (declared first) comes first and flows read left to right.
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [toElk(root.id)],
    edges,
  };
  const laidOut = await elk.layout(input);

  const nodes: PlacedNode[] = [];
  const walk = (n: ElkNode) => {
    if (g.nodes[n.id]) nodes.push({ node: g.nodes[n.id]!, x: n.x ?? 0, y: n.y ?? 0, width: n.width ?? 0, height: n.height ?? 0 });
    n.children?.forEach(walk);
  };
  walk(laidOut);
  const byId = new Map(g.edges.map((e) => [e.id, e]));
  const placedEdges: PlacedEdge[] = (laidOut.edges ?? []).map((e) => {
    const s = e.sections?.[0];
    const points = s ? [s.startPoint, ...(s.bendPoints ?? []), s.endPoint] : [];
    const l = e.labels?.[0];
    return {
      edge: byId.get(e.id)!,
      points,
      label: { x: l?.x ?? 0, y: l?.y ?? 0, lines: (l?.text ?? '').split('\n') },
    };
  });
  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, nodes, edges: placedEdges };
}
