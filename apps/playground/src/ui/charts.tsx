import type { Interval } from "../logic/stats.js";

export interface Bar {
  label: string;
  /** One value per series (null: nothing to draw), in [0, max]. */
  values: (number | null)[];
  intervals?: (Interval | null)[];
  /** Text above each bar. */
  texts?: string[];
}

const SERIES = ["#2f6db5", "#d9822b"];

/**
 * Vertical bars with optional 95 % whiskers, one group per label and one bar per series (run A,
 * run B). Plain SVG: it prints, and scales with the page.
 */
export function BarChart(props: { bars: Bar[]; max: number; series: string[]; title: string; format: (x: number) => string }) {
  const { bars, max, series } = props;
  const w = 560;
  const h = 200;
  const left = 44;
  const bottom = 28;
  const top = 18;
  const plotH = h - bottom - top;
  const group = (w - left) / Math.max(1, bars.length);
  const barW = Math.min(40, (group * 0.7) / series.length);
  const y = (v: number) => top + plotH - (plotH * Math.min(v, max)) / (max || 1);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => t * max);
  return (
    <figure class="chart">
      <figcaption>{props.title}</figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={props.title}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={left} x2={w} y1={y(t)} y2={y(t)} class="grid" />
            <text x={left - 6} y={y(t) + 4} text-anchor="end" class="tick">
              {props.format(t)}
            </text>
          </g>
        ))}
        {bars.map((bar, g) => {
          const x0 = left + g * group + (group - barW * series.length) / 2;
          return (
            <g key={bar.label}>
              {bar.values.map((v, s) => {
                if (v === null) return null;
                const x = x0 + s * barW;
                const ci = bar.intervals?.[s];
                return (
                  <g key={s}>
                    <rect x={x + 1} y={y(v)} width={barW - 2} height={Math.max(0, top + plotH - y(v))} fill={SERIES[s % SERIES.length]}>
                      <title>{`${series[s]} ${bar.label}: ${props.format(v)}`}</title>
                    </rect>
                    {ci && (
                      <g class="whisker">
                        <line x1={x + barW / 2} x2={x + barW / 2} y1={y(ci[0])} y2={y(ci[1])} />
                        <line x1={x + barW / 2 - 5} x2={x + barW / 2 + 5} y1={y(ci[0])} y2={y(ci[0])} />
                        <line x1={x + barW / 2 - 5} x2={x + barW / 2 + 5} y1={y(ci[1])} y2={y(ci[1])} />
                      </g>
                    )}
                    {bar.texts?.[s] && (
                      <text x={x + barW / 2} y={Math.max(10, (ci ? y(ci[1]) : y(v)) - 4)} text-anchor="middle" class="value">
                        {bar.texts[s]}
                      </text>
                    )}
                  </g>
                );
              })}
              <text x={left + g * group + group / 2} y={h - 8} text-anchor="middle" class="label">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      {series.length > 1 && (
        <div class="legend">
          {series.map((name, s) => (
            <span key={name}>
              <i style={{ background: SERIES[s % SERIES.length] }} /> {name}
            </span>
          ))}
        </div>
      )}
    </figure>
  );
}
