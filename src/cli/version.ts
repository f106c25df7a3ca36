/** The package version, read from package.json at build time (tsc copies it; ncc inlines it). */
import packageJson from '../../package.json' with { type: 'json' };

export const VERSION: string = packageJson.version;
