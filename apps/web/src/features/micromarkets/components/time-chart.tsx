import { type ReactNode, useEffect, useRef, useState } from 'react';

export type ChartPoint = { t: number; y: number | null };
export type ChartSeries =
  | { kind: 'line'; points: ChartPoint[]; color: string; label: string }
  | { kind: 'band'; lower: ChartPoint[]; upper: ChartPoint[]; color: string; label: string }
  | { kind: 'bars'; points: ChartPoint[]; color: string; label: string; widthMs: number }
  /** A state strip: each entry holds from its time to the next (or the end). */
  | { kind: 'steps'; points: { t: number; on: boolean }[]; on: string; off: string; label: string };

type Props = {
  from: number;
  to: number;
  height?: number;
  /** Leave out for a strip chart (steps). */
  y?: { min: number; max: number; format: (value: number) => string };
  series: ChartSeries[];
  lines?: { y: number; color: string; label: string }[];
  ariaLabel: string;
  legend?: ReactNode;
};

const PAD = { left: 44, right: 12, top: 10, bottom: 22 };

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function timeTicks(from: number, to: number, count: number): number[] {
  const span = to - from;
  const steps = [15, 30, 60, 120, 180, 360, 720, 1440, 2880, 7 * 1440].map((m) => m * 60_000);
  const step = steps.find((s) => span / s <= count) ?? steps.at(-1)!;
  const ticks = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  return ticks;
}

function tickLabel(t: number, span: number): string {
  const date = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (span <= 2 * 86_400_000) return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}`;
}

/** Splits a series at gaps (null values) so a line is not drawn across missing data. */
function segments(points: ChartPoint[], x: (t: number) => number, y: (v: number) => number, gapMs: number) {
  const out: string[] = [];
  let current: string[] = [];
  let last: number | null = null;
  for (const point of points) {
    if (point.y === null || (last !== null && point.t - last > gapMs)) {
      if (current.length) out.push(current.join(' '));
      current = [];
    }
    if (point.y !== null)
      current.push(`${current.length ? 'L' : 'M'}${x(point.t).toFixed(1)},${y(point.y).toFixed(1)}`);
    last = point.t;
  }
  if (current.length) out.push(current.join(' '));
  return out;
}

/** A small time chart in plain SVG: lines, a min–max band, bars, a state strip and reference lines. */
export function TimeChart({ from, to, height = 200, y, series, lines = [], ariaLabel, legend }: Props) {
  const { ref, width } = useWidth();
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = height - PAD.top - PAD.bottom;
  const span = Math.max(1, to - from);
  const x = (t: number) => PAD.left + ((t - from) / span) * plotW;
  const yMin = y?.min ?? 0;
  const yMax = y?.max ?? 1;
  const yOf = (v: number) => PAD.top + plotH - ((v - yMin) / (yMax - yMin || 1)) * plotH;
  const yTicks = y ? Array.from({ length: 5 }, (_, i) => yMin + ((yMax - yMin) * i) / 4) : [];
  const gapMs = span / 20;

  return (
    <div ref={ref} style={{ width: '100%' }}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={ariaLabel} style={{ display: 'block' }}>
          <rect x={PAD.left} y={PAD.top} width={plotW} height={plotH} fill="#fafafa" stroke="#f0f0f0" />
          {yTicks.map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={PAD.left + plotW} y1={yOf(v)} y2={yOf(v)} stroke="#eee" />
              <text x={PAD.left - 6} y={yOf(v) + 4} textAnchor="end" fontSize={11} fill="#888">
                {y?.format(v)}
              </text>
            </g>
          ))}
          {timeTicks(from, to, Math.max(2, Math.floor(plotW / 80))).map((t) => (
            <text key={t} x={x(t)} y={height - 6} textAnchor="middle" fontSize={11} fill="#888">
              {tickLabel(t, span)}
            </text>
          ))}
          {series.map((s) => {
            if (s.kind === 'line')
              return (
                <g key={s.label}>
                  {segments(s.points, x, yOf, gapMs).map((d) => (
                    <path key={d} d={d} fill="none" stroke={s.color} strokeWidth={2} />
                  ))}
                  {/* Dots keep a lone sample (a fridge that just came online) visible. */}
                  {s.points.length <= 100 &&
                    s.points.map((p) =>
                      p.y === null ? null : <circle key={p.t} cx={x(p.t)} cy={yOf(p.y)} r={2.5} fill={s.color} />,
                    )}
                </g>
              );
            if (s.kind === 'band') {
              const upper = segments(s.upper, x, yOf, gapMs);
              const lower = segments(s.lower, x, yOf, gapMs);
              return upper.map((d, i) => (
                <path
                  key={`${s.label}${d}`}
                  d={`${d} ${lower[i] ?? ''}`}
                  fill="none"
                  stroke={s.color}
                  strokeWidth={1}
                  strokeDasharray="3 3"
                />
              ));
            }
            if (s.kind === 'bars') {
              const w = Math.max(1, (s.widthMs / span) * plotW - 1);
              return s.points.map((p) =>
                p.y ? (
                  <rect
                    key={`${s.label}${p.t}`}
                    x={x(p.t)}
                    y={yOf(p.y)}
                    width={w}
                    height={yOf(yMin) - yOf(p.y)}
                    fill={s.color}
                  />
                ) : null,
              );
            }
            return s.points.map((p, i) => {
              const end = s.points[i + 1]?.t ?? to;
              return (
                <rect
                  key={`${s.label}${p.t}`}
                  x={x(Math.max(from, p.t))}
                  y={PAD.top}
                  width={Math.max(1, x(end) - x(Math.max(from, p.t)))}
                  height={plotH}
                  fill={p.on ? s.on : s.off}
                />
              );
            });
          })}
          {y &&
            lines.map((line) => (
              <g key={line.label}>
                <line
                  x1={PAD.left}
                  x2={PAD.left + plotW}
                  y1={yOf(line.y)}
                  y2={yOf(line.y)}
                  stroke={line.color}
                  strokeWidth={1.5}
                  strokeDasharray="6 4"
                />
                <text x={PAD.left + plotW - 4} y={yOf(line.y) - 4} textAnchor="end" fontSize={11} fill={line.color}>
                  {line.label}
                </text>
              </g>
            ))}
        </svg>
      )}
      {legend}
    </div>
  );
}
