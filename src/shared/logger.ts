/**
 * The logging interface domain code receives. Only src/action/ adapts it to the runner's workflow commands and only
 * src/cli/ to the terminal; engine, spec, report and server code never print on their own.
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
}

/** A logger that drops everything (tests, library use). */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warning() {},
  error() {},
};

/** A logger that remembers every line; for tests that assert what was logged. */
export class MemoryLogger implements Logger {
  readonly lines: { level: 'debug' | 'info' | 'warning' | 'error'; message: string }[] = [];
  debug(message: string): void {
    this.lines.push({ level: 'debug', message });
  }
  info(message: string): void {
    this.lines.push({ level: 'info', message });
  }
  warning(message: string): void {
    this.lines.push({ level: 'warning', message });
  }
  error(message: string): void {
    this.lines.push({ level: 'error', message });
  }
  text(level?: 'debug' | 'info' | 'warning' | 'error'): string {
    return this.lines
      .filter((l) => level === undefined || l.level === level)
      .map((l) => l.message)
      .join('\n');
  }
}
