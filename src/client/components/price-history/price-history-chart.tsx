/**
 * The history chart itself: Recharts through Chakra's chart wrapper. Loaded lazily (see
 * price-history-section.tsx) so Recharts never weighs on a page's first load. Prices hold
 * until they change, hence step lines; a hollow dot marks a first-year promotion. The x axis is
 * a time axis: a year between two changes takes a year's width, however few changes it had.
 */
import { Chart, useChart } from "@chakra-ui/charts";
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatAxisPrice, formatPrice } from "../../../shared/price-format.ts";
import type { ChartRow, ChartSeries } from "./history-series.ts";

// Fixed hues rather than theme tokens: the app registers only some palettes (components/ui/system.ts);
// these 600 shades stand out on the light and the dark background alike.
const COLORS = ["#0d9488", "#ea580c", "#9333ea", "#2563eb", "#db2777", "#16a34a", "#dc2626", "#0891b2", "#a16207", "#4b5563"];

export interface PriceHistoryChartProps {
  rows: ChartRow[];
  series: ChartSeries[];
  currency: string;
}

export default function PriceHistoryChart({ rows, series, currency }: PriceHistoryChartProps) {
  const chart = useChart<ChartRow>({
    data: rows,
    series: series.map((s, i) => {
      const color = COLORS[i % COLORS.length]!;
      // Our own swatch: Chakra's ColorSwatch needs a recipe the app does not register.
      return { name: s.key, label: s.providerName, color, icon: <span style={{ width: 10, height: 10, borderRadius: 5, background: color, display: "inline-block" }} /> };
    }),
  });
  // The one amount formatter (thousands separators, the currency's digits), as in the table beside it.
  const money = (value: number) => formatPrice(value, currency);
  const axisMoney = (value: number) => formatAxisPrice(value, currency);
  const dayOf = chart.formatDate({ year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  const day = (value: unknown) => (typeof value === "number" ? dayOf(new Date(value).toISOString()) : typeof value === "string" ? dayOf(value) : "");
  // @chakra-ui/charts types chart.color's answer as `any`; it is a CSS colour.
  const color = (token: Parameters<typeof chart.color>[0]) => chart.color(token) as string;
  return (
    // A fixed height: a phone's narrow chart would otherwise be a few dozen pixels tall under its legend.
    <Chart.Root chart={chart} h={{ base: "96", md: "sm" }} aspectRatio="auto">
      <LineChart responsive data={chart.data} margin={{ left: 4, right: 16, top: 8 }}>
        <CartesianGrid stroke={color("border")} vertical={false} />
        <XAxis dataKey={chart.key("t")} type="number" scale="time" domain={["dataMin", "dataMax"]} tickFormatter={day} tickCount={5} minTickGap={24} stroke={color("border")} />
        <YAxis tickFormatter={axisMoney} stroke={color("border")} width={64} />
        <Tooltip
          animationDuration={100}
          cursor={false}
          labelFormatter={day}
          content={<Chart.Tooltip formatter={(value: unknown) => (typeof value === "number" ? money(value) : String(value))} />}
        />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Line
            key={String(item.name)}
            type="stepAfter"
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={typeof item.label === "string" ? item.label : String(item.name)}
            stroke={color(item.color)}
            strokeWidth={2}
            connectNulls={false}
            dot={(props: { cx?: number; cy?: number; payload?: ChartRow; index?: number }) => {
              const promo = props.payload?.[`${String(item.name)}promo`] === "promo";
              const key = `${String(item.name)}-${props.index}`;
              if (props.cx === undefined || props.cy === undefined || props.payload?.[String(item.name)] == null) return <g key={key} />;
              return <circle key={key} cx={props.cx} cy={props.cy} r={promo ? 4 : 2.5} fill={promo ? "var(--chakra-colors-bg)" : color(item.color)} stroke={color(item.color)} strokeWidth={promo ? 2 : 1} />;
            }}
          />
        ))}
      </LineChart>
    </Chart.Root>
  );
}
