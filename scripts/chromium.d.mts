export function chromiumPath(): string | undefined;
export function missingChromium(): string | undefined;
