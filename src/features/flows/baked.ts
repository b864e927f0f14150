import type { FlowGraph } from './graph';
import { labelLines, type Drawing } from './layout';

/**
 * Charts laid out when the app is built (vite/flows-layouts.ts), so opening one costs no layout: ELK's first run
 * in a page takes a second or more of the main thread (most of it compiling ELK itself), the explorer's slowest
 * step by far. A baked chart is only geometry, keyed by the ids toGraph gives, with a fingerprint of the graph it
 * was made from; a graph that differs (a machine edited under the development server) is laid out as before.
 */
export interface BakedDrawing {
  hash: string;
  width: number;
  height: number;
  /** id, x, y, width, height. */
  nodes: [string, number, number, number, number][];
  /** id, points (x, y, x, y…), label x, label y. */
  edges: [string, number[], number, number][];
}

/** FNV-1a over what the layout reads: states, their nesting and invocations, and every drawn transition's label. */
export function graphHash(g: FlowGraph): string {
  const text = JSON.stringify([
    Object.values(g.nodes).map((n) => [n.id, n.parent, n.invokes.map((i) => i.src)]),
    g.edges.filter((e) => !e.internal).map((e) => [e.id, e.source, e.target, labelLines(e)]),
  ]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

const r = (n: number) => Math.round(n * 10) / 10;

export function bake(g: FlowGraph, d: Drawing): BakedDrawing {
  return {
    hash: graphHash(g),
    width: r(d.width),
    height: r(d.height),
    nodes: d.nodes.map((n) => [n.node.id, r(n.x), r(n.y), r(n.width), r(n.height)]),
    edges: d.edges.map((e) => [e.edge.id, e.points.flatMap((p) => [r(p.x), r(p.y)]), r(e.label.x), r(e.label.y)]),
  };
}

/** The drawing of `g` from its baked layout; null when there is none for this very graph. */
export function unbake(g: FlowGraph, b: BakedDrawing | undefined): Drawing | null {
  if (!b || b.hash !== graphHash(g)) return null;
  const edges = new Map(g.edges.map((e) => [e.id, e]));
  if (b.nodes.some(([id]) => !g.nodes[id]) || b.edges.some(([id]) => !edges.has(id))) return null;
  return {
    width: b.width,
    height: b.height,
    nodes: b.nodes.map(([id, x, y, width, height]) => ({ node: g.nodes[id]!, x, y, width, height })),
    edges: b.edges.map(([id, points, x, y]) => {
      const edge = edges.get(id)!;
      const pts: { x: number; y: number }[] = [];
      for (let i = 0; i < points.length; i += 2) pts.push({ x: points[i]!, y: points[i + 1]! });
      return { edge, points: pts, label: { x, y, lines: labelLines(edge) } };
    }),
  };
}
