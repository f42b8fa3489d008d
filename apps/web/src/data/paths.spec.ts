import fs from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '..');

/**
 * An API address in a string: the staff calls (/business), a customer's (/user), the broadcast
 * channel's, and a device's own calls (its pages, /kiosk/login, /kiosk/checkin, /display, are not).
 */
const API_PATH = /['"`]\/(business|user|broadcast|public)\b|['"`]\/(kiosk|display)\/(auth|logout|screen|ping)\b|`\/(kiosk|display)\$\{/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe("the web's data layer", () => {
  it('holds every API address: no screen, hook or model outside src/data builds one', () => {
    const outside = sources(SRC).filter((f) => !f.startsWith(path.join(SRC, 'data') + path.sep));
    expect(outside.length).toBeGreaterThan(100);
    const offenders = outside.flatMap((f) =>
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => [line, i + 1] as const)
        .filter(([line]) => API_PATH.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*'))
        .map(([line, n]) => `${path.relative(SRC, f)}:${n}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it('recognises an API address and leaves page addresses alone', () => {
    for (const call of ["api('/business/queue')", 'api(`/user/queue/uid/${uid}`)', "api('/display/auth')", 'api(`/kiosk${path}`)'])
      expect(API_PATH.test(call)).toBe(true);
    for (const page of ["navigate('/kiosk/login')", "navigate('/kiosk/checkin')", "{ path: '/display' }", "navigate('/bookings')", "'/sw.js'"])
      expect(API_PATH.test(page)).toBe(false);
  });
});
