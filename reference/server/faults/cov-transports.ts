// Faults of issue 32's coverage of stdio, Streamable HTTP and HTTP+SSE (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_TRANSPORTS_FAULTS = [
  // HTTP+SSE (reference/server/legacy-sse.ts)
  { id: 'sse-no-endpoint-on-reconnect', mode: 'sse', description: 'A GET carrying Last-Event-ID (an EventSource reconnecting) gets a stream that ends with no endpoint event.' },
] as const;
