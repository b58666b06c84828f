// Owns the scans chart's y-axis: distinct integer ticks in nice steps, and the top value the bars are scaled to.

export type ScanAxis = {
  /** The value at the chart's top edge; bars are drawn as a share of it so they line up with the ticks. */
  top: number
  /** Tick values from the top down to 0, evenly spaced. */
  ticks: number[]
}

/** At most this many steps between 0 and the top, so the labels fit the chart's 120 px without crowding. */
const MAX_STEPS = 4

/** 1, 2, 5, 10, 20, 50, ...: counts of scans are whole, so a step is never a fraction. */
function niceStep(max: number): number {
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const factor of [1, 2, 5]) {
      const step = factor * magnitude
      if (Math.ceil(max / step) <= MAX_STEPS) return step
    }
  }
}

export function scanAxis(max: number): ScanAxis {
  const highest = Math.max(1, Math.ceil(max))
  const step = niceStep(highest)
  const top = Math.ceil(highest / step) * step
  const ticks: number[] = []
  for (let value = top; value >= 0; value -= step) ticks.push(value)
  return { top, ticks }
}
