/** Every error code the SDK reports. */
export type VoiceSessionErrorCode =
  | 'MIC_PERMISSION_DENIED'
  | 'MIC_NOT_FOUND'
  | 'MIC_IN_USE'
  | 'TOKEN_INVALID'
  | 'TOKEN_EXPIRED'
  | 'TOKEN_ENDPOINT_FAILED'
  | 'AGENT_JOIN_TIMEOUT'
  | 'AGENT_ERROR'
  | 'NETWORK'
  | 'UNSUPPORTED_BROWSER'
  | 'NOT_CONNECTED'
  | 'DEVICE_ERROR'
  | 'ABORTED';

/** Options of a {@link VoiceSessionError}. */
export interface VoiceSessionErrorOptions {
  /** Overrides the code's default (see {@link VoiceSessionError.recoverable}). */
  recoverable?: boolean;
  cause?: unknown;
  /** The HTTP status, when an HTTP answer caused the error. */
  status?: number;
}

// Codes where trying again (after the user fixes something, or just later) can succeed.
const RECOVERABLE = /^(MIC_NOT_FOUND|MIC_IN_USE|AGENT_JOIN_TIMEOUT|NETWORK|NOT_CONNECTED|DEVICE_ERROR|ABORTED)$/;

/** The one error type the SDK throws and emits: a stable `code`, a message, and whether retrying may help. */
export class VoiceSessionError extends Error {
  override readonly name = 'VoiceSessionError';
  readonly code: VoiceSessionErrorCode;
  /** Whether calling `start()` again (after the user fixes the cause, or a moment later) may succeed. */
  readonly recoverable: boolean;
  readonly status: number | undefined;

  constructor(code: VoiceSessionErrorCode, message: string, options: VoiceSessionErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.recoverable = options.recoverable ?? RECOVERABLE.test(code);
    this.status = options.status;
  }
}
