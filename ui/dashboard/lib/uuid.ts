/** The platform's ids: UUIDs (any version). Plain TypeScript: Node tests load the list parameters that use it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
