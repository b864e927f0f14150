import type { Drawing } from './layout';

/**
 * Which part of a chart the screen shows. The chart's SVG fits the whole drawing into its box; a view then zooms
 * (`k`) and pans (`x`, `y`, in drawing units) inside it. Pure, so a test can place a state on screen without a browser.
 */
export interface View { x: number; y: number; k: number }
export const FIT: View = { x: 0, y: 0, k: 1 };

/** Screen pixels per drawing unit with the whole chart in a box of this size. */
const fitOf = (d: Drawing, width: number, height: number) => Math.min(width / d.width, height / d.height);

/** The point at `want` kept far enough from the edges that the screen shows no empty space past the drawing. */
const clamp = (want: number, half: number, size: number) => (size <= 2 * half ? size / 2 : Math.min(size - half, Math.max(half, want)));

/** The view with the drawing point (px, py) in the middle at one unit a screen pixel (or the whole chart, if it fits). */
export function viewAt(d: Drawing, width: number, height: number, px: number, py: number): View {
  if (!width || !height) return FIT;
  const fit = fitOf(d, width, height);
  if (fit >= 1) return FIT;
  const k = 1 / fit;
  const cx = clamp(px, width / 2, d.width);
  const cy = clamp(py, height / 2, d.height);
  return { k, x: d.width / 2 - cx, y: d.height / 2 - cy };
}

/** The view a chart opens with: readable, the initial state near the top-left corner. */
export function readableView(d: Drawing, width: number, height: number): View {
  const start = d.nodes.find((n) => n.node.isInitial && n.node.parent !== null) ?? d.nodes[0];
  if (!start) return FIT;
  return viewAt(d, width, height, start.x - 40 + width / 2, start.y - 40 + height / 2);
}

/** The view that shows a state (by id) or a transition (by edge id) in the middle; null when the chart has neither. */
export function viewOn(d: Drawing, width: number, height: number, id: string): View | null {
  const node = d.nodes.find((n) => n.node.id === id);
  if (node) {
    // A state larger than the screen (a compound one): its top-left part, where its name is.
    const px = node.x + Math.min(node.width, width) / 2;
    const py = node.y + Math.min(node.height, height) / 2;
    return viewAt(d, width, height, px, py);
  }
  const edge = d.edges.find((e) => e.edge.id === id);
  if (edge) return viewAt(d, width, height, edge.label.x, edge.label.y);
  return null;
}
