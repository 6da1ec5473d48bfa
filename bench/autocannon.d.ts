// The part of autocannon (which ships no types) the TypeScript benchmarks use.
declare module 'autocannon' {
  function autocannon(options: {
    url: string;
    duration: number;
    connections: number;
  }): Promise<autocannon.Result>;
  namespace autocannon {
    interface Result {
      requests: { average: number; total: number; sent: number };
      latency: { p50: number; p99: number };
      errors: number;
      timeouts: number;
      '3xx': number;
    }
  }
  export default autocannon;
}
