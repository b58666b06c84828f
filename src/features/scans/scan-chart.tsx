// Owns the Dashboard's chart of the last 30 days: scans and visitors per day as plain divs (no chart library, as the
// purchases chart), a summary for screen readers and the numbers in a table they can read day by day.
import {
  Box,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type { ScanDay } from "../../contract/scans.ts";
import type { OwnerDatabase } from "../../local/db.ts";
import { scanAxis } from "./scan-axis.ts";
import type { ScanSeries } from "./scan-series.ts";
import { UniqueVisitorsHelp } from "./scan-stat-card.tsx";
import { useScanSeries } from "./use-scan-series.ts";

export const SCAN_CHART_TITLE = "Scans in the last 30 days";

const SCANS_COLOUR = "var(--mantine-primary-color-filled)";
const VISITORS_COLOUR = "var(--mantine-color-orange-5)";
const CHART_HEIGHT = 120;

// Stored days are UTC calendar days, so they are shown as such, whatever the device's time zone.
const DAY_FORMAT = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dayLabel = (day: string) =>
  DAY_FORMAT.format(new Date(`${day}T00:00:00.000Z`));

const plural = (count: number, word: string) =>
  `${count} ${word}${count === 1 ? "" : "s"}`;

function summary(series: ScanSeries): string {
  const first = series.days[0];
  const last = series.days.at(-1);
  const busiest = series.days.reduce<ScanDay | undefined>(
    (best, entry) =>
      best === undefined || entry.scans > best.scans ? entry : best,
    undefined,
  );
  const range =
    first && last ? `${dayLabel(first.day)} to ${dayLabel(last.day)}` : "";
  const peak = busiest
    ? `, most on ${dayLabel(busiest.day)} (${plural(busiest.scans, "scan")})`
    : "";
  return `Scans per day, ${range}: ${plural(series.totalScans, "scan")} and ${plural(series.totalVisitors, "daily unique visitor")} in all${peak}`;
}

/** The values under the chart: totals and the busiest day, so no bar has to be measured by eye. */
function visibleSummary(series: ScanSeries): string {
  const busiest = series.days.reduce<ScanDay | undefined>(
    (best, entry) =>
      best === undefined || entry.scans > best.scans ? entry : best,
    undefined,
  );
  const peak = busiest
    ? ` · busiest ${dayLabel(busiest.day)}: ${plural(busiest.scans, "scan")}`
    : "";
  return `${plural(series.totalScans, "scan")}, ${plural(series.totalVisitors, "unique visitor")}${peak}`;
}

function Bar({
  value,
  max,
  colour,
}: {
  value: number;
  max: number;
  colour: string;
}) {
  const height =
    value === 0 || max === 0 ? "0" : `max(2px, ${(value / max) * 100}%)`;
  return (
    <Box
      style={{
        flex: 1,
        height,
        background: colour,
        borderRadius: "2px 2px 0 0",
      }}
    />
  );
}

function Bars({ series }: { series: ScanSeries }) {
  const max = Math.max(
    0,
    ...series.days.map((entry) => Math.max(entry.scans, entry.visitors)),
  );
  const axis = scanAxis(max);
  return (
    <>
      {/* Labelled values (issue 23): the scale on the left, the totals and the busiest day in words under the bars. */}
      <Group gap={6} align="stretch" wrap="nowrap">
        <Stack
          justify="space-between"
          gap={0}
          h={CHART_HEIGHT}
          aria-hidden
          data-chart-axis
        >
          {axis.ticks.map((tick) => (
            <Text key={tick} size="xs" c="dimmed" lh={1} ta="right">
              {tick}
            </Text>
          ))}
        </Stack>
        <Box
          role="img"
          aria-label={summary(series)}
          style={{
            flex: 1,
            display: "flex",
            alignItems: "flex-end",
            gap: 3,
            height: CHART_HEIGHT,
            borderBottom: "1px solid var(--mantine-color-default-border)",
          }}
        >
          {series.days.map((entry) => (
            <Box
              key={entry.day}
              title={`${dayLabel(entry.day)}: ${plural(entry.scans, "scan")}, ${plural(entry.visitors, "visitor")}`}
              style={{
                flex: 1,
                display: "flex",
                alignItems: "flex-end",
                gap: 1,
                height: "100%",
              }}
            >
              <Bar value={entry.scans} max={axis.top} colour={SCANS_COLOUR} />
              <Bar value={entry.visitors} max={axis.top} colour={VISITORS_COLOUR} />
            </Box>
          ))}
        </Box>
      </Group>
      <Group justify="space-between" mt={4} aria-hidden>
        <Text size="xs" c="dimmed">
          {dayLabel(series.days[0]?.day ?? "")}
        </Text>
        <Text size="xs" c="dimmed">
          {dayLabel(series.days.at(-1)?.day ?? "")}
        </Text>
      </Group>
      <Text size="sm" mt="xs" aria-hidden data-chart-values>
        {visibleSummary(series)}
      </Text>
    </>
  );
}

function DayTable({ series }: { series: ScanSeries }) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>Scans and unique visitors per day</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            <Table.Th scope="col">Scans</Table.Th>
            <Table.Th scope="col">Visitors</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {series.days.map((entry) => (
            <Table.Tr key={entry.day}>
              <Table.Th scope="row">{dayLabel(entry.day)}</Table.Th>
              <Table.Td>{entry.scans}</Table.Td>
              <Table.Td>{entry.visitors}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

function Legend() {
  const swatch = (colour: string) => (
    <Box
      component="span"
      aria-hidden
      style={{
        display: "inline-block",
        width: 10,
        height: 10,
        background: colour,
        borderRadius: 2,
      }}
    />
  );
  return (
    <Group gap="md" mb="sm">
      <Group gap={6}>
        {swatch(SCANS_COLOUR)}
        <Text size="xs" aria-hidden>
          Scans
        </Text>
      </Group>
      <Group gap={6}>
        {swatch(VISITORS_COLOUR)}
        <Text size="xs" aria-hidden>
          Unique visitors
        </Text>
        <UniqueVisitorsHelp />
      </Group>
    </Group>
  );
}

export function ScanChart({ db }: { db: OwnerDatabase }) {
  const series = useScanSeries(db);
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0}>
      <Title order={3} size="h5" mb="xs" component="figcaption">
        {SCAN_CHART_TITLE}
      </Title>
      {series && series.totalScans > 0 ? <Legend /> : null}
      {series === null ? (
        <Skeleton height={CHART_HEIGHT} />
      ) : series.totalScans === 0 ? (
        <Text c="dimmed" size="sm">
          No scans in the last 30 days.
        </Text>
      ) : (
        <>
          <Bars series={series} />
          <DayTable series={series} />
        </>
      )}
    </Paper>
  );
}
