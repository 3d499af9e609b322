/**
 * The base of every resource class: a resource only describes endpoints and hands each call to the endpoint caller.
 */
import type { EndpointCaller } from '../core/endpoint-caller.js';

/** Base class of the per-area resources of `PlatformClient`. */
export abstract class APIResource {
  protected readonly caller: EndpointCaller;

  constructor(caller: EndpointCaller) {
    this.caller = caller;
  }
}
