// Owns the printed QR code's cells: error correction H and a 4-module quiet zone, the same for the server's print file
// and the Order tab's preview drawn on the device, so the preview offline is the code the printer gets.
import { create } from 'qrcode'

export const PRINT_QUIET_ZONE_MODULES = 4

export type PrintCode = { /** Modules across, quiet zone included. */ side: number; /** Dark modules as [row, column], quiet zone included. */ dark: Array<[number, number]> }

export function printCode(url: string): PrintCode {
  const qr = create(url, { errorCorrectionLevel: 'H' })
  const modules = qr.modules.size
  const dark: Array<[number, number]> = []
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (qr.modules.get(row, col)) dark.push([row + PRINT_QUIET_ZONE_MODULES, col + PRINT_QUIET_ZONE_MODULES])
    }
  }
  return { side: modules + 2 * PRINT_QUIET_ZONE_MODULES, dark }
}

/** An SVG path of the dark modules, one unit per module, for a viewBox of `0 0 side side`. */
export function printCodePath(code: PrintCode): string {
  return code.dark.map(([row, col]) => `M${col} ${row}h1v1h-1z`).join('')
}
