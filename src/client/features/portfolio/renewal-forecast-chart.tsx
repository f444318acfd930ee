/**
 * The forecast's chart: per month, what renewing costs at your registrars beside what it would
 * cost at the cheapest renewals, as paired bars (Recharts through Chakra's chart wrapper, as the
 * price history draws). Loaded lazily (renewal-forecast.tsx), so Recharts never weighs on the
 * portfolio's first load; the table beside it holds the same figures in words.
 */
import { Chart, useChart } from "@chakra-ui/charts";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatTotal } from "./format.ts";

export interface ForecastChartRow {
  /** "Nov 2026" */
  month: string;
  atRegistrar: number;
  atCheapest: number;
}

// Fixed hues, as the price history chart uses: they stand out on the light and dark background alike.
const SERIES = [
  { name: "atRegistrar", label: "At your registrars", color: "#2563eb" },
  { name: "atCheapest", label: "At the cheapest", color: "#16a34a" },
] as const;

export default function RenewalForecastChart({ rows, currency }: { rows: ForecastChartRow[]; currency: string }) {
  const chart = useChart<ForecastChartRow>({
    data: rows,
    // Our own swatch, as the price history chart draws: Chakra's ColorSwatch needs a recipe the app does not register.
    series: SERIES.map((s) => ({ ...s, icon: <span style={{ width: 10, height: 10, borderRadius: 2, background: s.color, display: "inline-block" }} /> })),
  });
  const money = (value: number) => formatTotal(String(value), currency);
  // @chakra-ui/charts types chart.color's answer as `any`; it is a CSS colour.
  const color = (token: Parameters<typeof chart.color>[0]) => chart.color(token) as string;
  return (
    <Chart.Root chart={chart} maxH="sm">
      <BarChart responsive data={chart.data} margin={{ left: 8, right: 16, top: 8 }}>
        <CartesianGrid stroke={color("border")} vertical={false} />
        <XAxis dataKey={chart.key("month")} stroke={color("border")} tickLine={false} />
        <YAxis tickFormatter={money} stroke={color("border")} width={80} />
        <Tooltip
          animationDuration={100}
          cursor={{ fill: color("bg.muted") }}
          content={<Chart.Tooltip formatter={(value: unknown) => (typeof value === "number" ? money(value) : String(value))} />}
        />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar
            key={String(item.name)}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={typeof item.label === "string" ? item.label : String(item.name)}
            fill={color(item.color)}
            radius={[3, 3, 0, 0]}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
