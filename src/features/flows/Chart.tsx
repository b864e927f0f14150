import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAR, invokeLines, LINE, type Drawing } from './layout';
import { FIT, readableView, viewOn, type View } from './view';

/**
 * A laid-out statechart as SVG, with pan (drag, arrow keys) and zoom (wheel, +/- buttons). Colours are SVG
 * attributes, not CSS, so the exported file stands alone. `active` (state ids of a live actor) fills states,
 * `covered`/`coveredStates` (what the tests reach) colour transitions and states green, the rest red and dashed.
 * `focus` (a state or transition id, with a counter to ask again) brings it to the middle; with `keyboard`, a state
 * also takes the keyboard focus (not when it was picked from a list the reader is still moving through).
 * Memoised: a live update of another machine, or a keystroke in the search, does not draw it again.
 */
export interface ChartProps {
  drawing: Drawing;
  selected: string | null;
  onSelect: (stateId: string) => void;
  active?: ReadonlySet<string>;
  covered?: ReadonlySet<string>;
  /** State ids a test reached; with `covered`, the rest are drawn as missed. */
  coveredStates?: ReadonlySet<string>;
  /** Edge ids to emphasise (the selected path, or the path a booking took). */
  highlight?: ReadonlySet<string>;
  /** Edge ids that may come next (a booking's next events): dashed in the accent colour. */
  upcoming?: ReadonlySet<string>;
  svgRef?: React.Ref<SVGSVGElement>;
  focus?: ChartFocus | null;
}

const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#0f766e';
const REACHED = '#15803d';
const MISSED = '#dc2626';
const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export interface ChartFocus { id: string; seq: number; keyboard?: boolean }

export const Chart = memo(function Chart({ drawing, selected, onSelect, active, covered, coveredStates, highlight, upcoming, svgRef, focus }: ChartProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(FIT);
  const own = useRef<SVGSVGElement | null>(null);
  // Open at a readable scale (one unit a pixel) on the focused state, else the initial one; Fit shows the whole chart.
  useLayoutEffect(() => {
    const svg = own.current;
    if (!svg) return;
    const on = focus ? viewOn(drawing, svg.clientWidth, svg.clientHeight, focus.id) : null;
    setView(on ?? readableView(drawing, svg.clientWidth, svg.clientHeight));
    // preventScroll: the page has already brought the chart into view; the browser would scroll the box itself.
    if (on && focus!.keyboard) svg.querySelector<SVGGElement>(`[data-state-id="${CSS.escape(focus!.id)}"]`)?.focus({ preventScroll: true });
  }, [drawing, focus]);
  const drag = useRef<{ px: number; py: number; x: number; y: number } | null>(null);
  const zoom = (factor: number) => setView((v) => ({ ...v, k: Math.min(20, Math.max(0.5, v.k * factor)) }));
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if ((e.target as Element).closest('[data-state-id]')) return;
    drag.current = { px: e.clientX, py: e.clientY, x: view.x, y: view.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d) return;
    const svg = e.currentTarget.getBoundingClientRect();
    const scale = drawing.width / svg.width; // viewBox units per screen pixel at zoom 1
    setView((v) => ({ ...v, x: d.x + ((e.clientX - d.px) * scale) / v.k, y: d.y + ((e.clientY - d.py) * scale) / v.k }));
  };
  const onWheel = (e: WheelEvent<SVGSVGElement>) => zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = 60 / view.k;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[e.key] && !(e.target as Element).closest('[data-state-id]')) { e.preventDefault(); pan(...moves[e.key]!); }
    if (e.key === '+' || e.key === '=') zoom(1.25);
    if (e.key === '-') zoom(0.8);
  };

  const cx = drawing.width / 2;
  const cy = drawing.height / 2;
  return (
    <div className="flow-chart" onKeyDown={onKeyDown}>
      <div className="flow-zoom" role="toolbar" aria-label={t('flows.zoomControls')}>
        <button type="button" className="btn btn-secondary" onClick={() => zoom(1.25)} aria-label={t('flows.zoomIn')}>+</button>
        <button type="button" className="btn btn-secondary" onClick={() => zoom(0.8)} aria-label={t('flows.zoomOut')}>−</button>
        <button type="button" className="btn btn-secondary" onClick={() => setView(FIT)}>{t('flows.fit')}</button>
        <span className="muted flow-zoom-level" aria-live="polite">{Math.round(view.k * 100)}%</span>
      </div>
      <svg
        ref={(el) => {
          own.current = el;
          if (typeof svgRef === 'function') svgRef(el);
          else if (svgRef) (svgRef as React.RefObject<SVGSVGElement | null>).current = el;
        }}
        className="flow-svg"
        direction="ltr"
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${drawing.width} ${drawing.height}`}
        role="group"
        aria-label={t('flows.chartLabel')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => { drag.current = null; }}
        onWheel={onWheel}
        fontFamily={FONT}
        fontSize={12}
      >
        <defs>
          <marker id="flow-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0 0L10 5L0 10z" fill={MUTED} />
          </marker>
          <marker id="flow-arrow-hi" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0 0L10 5L0 10z" fill={ACCENT} />
          </marker>
        </defs>
        <g data-viewport transform={`translate(${cx} ${cy}) scale(${view.k}) translate(${-cx + view.x} ${-cy + view.y})`}>
          {drawing.nodes.map(({ node, x, y, width, height }) => {
            const isRoot = node.parent === null;
            const isSelected = node.id === selected;
            const isActive = active?.has(node.id);
            const compound = node.children.length > 0;
            const missed = coveredStates && !isRoot && !coveredStates.has(node.id);
            const reached = coveredStates && !isRoot && !missed;
            return (
              <g
                key={node.id}
                data-state-id={node.id}
                data-state-type={node.type}
                data-active={isActive ? 'true' : undefined}
                data-covered={reached ? 'true' : missed ? 'false' : undefined}
                className="flow-state"
                role="button"
                tabIndex={0}
                aria-pressed={isSelected}
                aria-label={node.key}
                onClick={(e) => { e.stopPropagation(); onSelect(node.id); }}
                onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onSelect(node.id); } }}
              >
                <rect
                  x={x} y={y} width={width} height={height} rx={isRoot ? 4 : 10}
                  fill={isActive ? (compound ? '#f0fdfa' : '#99f6e4') : compound ? '#f8fafc' : '#ffffff'}
                  stroke={isSelected || isActive ? ACCENT : missed ? MISSED : reached ? REACHED : INK}
                  strokeWidth={isSelected || isActive ? 3 : missed || reached ? 2 : 1.2}
                  strokeDasharray={node.type === 'parallel' || missed ? '6 4' : undefined}
                />
                {node.type === 'final' && <rect x={x + 4} y={y + 4} width={width - 8} height={height - 8} rx={7} fill="none" stroke={INK} />}
                {node.isInitial && !isRoot && (
                  <g>
                    <circle cx={x - 12} cy={y + 13} r={4} fill={INK} />
                    <line x1={x - 8} y1={y + 13} x2={x - 1} y2={y + 13} stroke={INK} markerEnd="url(#flow-arrow)" />
                  </g>
                )}
                <text x={x + 12} y={y + 18} fill={INK} fontWeight={600}>{node.key}</text>
                {invokeLines(node).map((line, i) => (
                  <text key={line + i} x={x + 12} y={y + 18 + LINE * (i + 1)} fill={ACCENT} fontSize={11}>{line}</text>
                ))}
                {compound && <line x1={x} x2={x + width} y1={y + 26 + LINE * node.invokes.length} y2={y + 26 + LINE * node.invokes.length} stroke="#e5e7eb" />}
              </g>
            );
          })}
          {drawing.edges.map(({ edge, points, label }) => {
            const hi = highlight?.has(edge.id);
            const next = !hi && upcoming?.has(edge.id);
            const cov = covered?.has(edge.id);
            const miss = covered && !cov;
            return (
              <g key={edge.id} data-edge-id={edge.id} data-covered={cov ? 'true' : miss ? 'false' : undefined} data-highlight={hi ? 'true' : undefined} data-next={next ? 'true' : undefined} className="flow-edge">
                <polyline
                  points={points.map((p) => `${p.x},${p.y}`).join(' ')}
                  fill="none" stroke={hi || next ? ACCENT : cov ? REACHED : miss ? MISSED : MUTED} strokeWidth={hi ? 2.5 : cov || miss || next ? 1.8 : 1.2}
                  strokeDasharray={miss ? '5 4' : next ? '3 3' : undefined}
                  markerEnd={hi ? 'url(#flow-arrow-hi)' : 'url(#flow-arrow)'}
                />
                <rect x={label.x} y={label.y} width={Math.max(...label.lines.map((l) => l.length)) * CHAR + 8} height={label.lines.length * LINE + 4} fill="#ffffff" fillOpacity={0.85} />
                <text x={label.x + 4} y={label.y + 12} fill={hi ? ACCENT : INK} fontSize={11}>
                  {label.lines.map((line, i) => (
                    <tspan key={i} x={label.x + 4} dy={i === 0 ? 0 : LINE} fill={i === 0 ? undefined : MUTED}>{line}</tspan>
                  ))}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
    </div>
  );
});

/** The drawing as a standalone .svg file: the whole chart, without the screen's pan and zoom. */
export function svgFile(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.querySelector('[data-viewport]')?.removeAttribute('transform');
  const [, , w, h] = (copy.getAttribute('viewBox') ?? '0 0 0 0').split(' ');
  copy.setAttribute('width', w!);
  copy.setAttribute('height', h!);
  copy.removeAttribute('class');
  copy.querySelectorAll('[tabindex],[role],[aria-pressed],[aria-label]').forEach((el) => {
    ['tabindex', 'role', 'aria-pressed'].forEach((a) => el.removeAttribute(a));
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}
