// proxy-addr (Express's own dependency) ships no types; this covers the two calls the router makes.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  type TrustFunction = (address: string, hop: number) => boolean;
  function proxyaddr(req: IncomingMessage, trust: TrustFunction): string;
  namespace proxyaddr {
    function compile(value: string | readonly string[]): TrustFunction;
  }
  export default proxyaddr;
}
