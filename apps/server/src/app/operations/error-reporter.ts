import type { ServerRuntimeClientOptions } from "@sentry/core";

export interface ErrorReporter {
  /** Sends one unexpected error with what it was doing (a request id, a job kind). */
  report(error: unknown, context: Record<string, string | number>): void;
  close(): Promise<void>;
}

const off: ErrorReporter = { report() {}, close: async () => {} };

/**
 * Unexpected errors (500s, background work that gave up) to Sentry when SENTRY_DSN is set; nothing
 * otherwise (decision 75). Sentry's own core client, with a fetch transport: the full Node SDK
 * would add OpenTelemetry and about 150 MB to the image for the same envelope.
 */
export async function createErrorReporter(
  dsn: string | undefined,
  setup: { environment: string; release: string; onError: (error: unknown) => void },
): Promise<ErrorReporter> {
  if (!dsn) return off;
  // Loaded only when it is used: a shop without Sentry does not keep its code in memory.
  const { captureException, createStackParser, createTransport, flush, initAndBind, nodeStackLineParser, ServerRuntimeClient } =
    await import("@sentry/core");
  const options: ServerRuntimeClientOptions = {
    dsn,
    environment: setup.environment,
    release: setup.release,
    integrations: [],
    stackParser: createStackParser(nodeStackLineParser()),
    transport: (transportOptions) =>
      createTransport(transportOptions, async (request) => {
        const res = await fetch(transportOptions.url, {
          method: "POST",
          body: request.body as string | Uint8Array<ArrayBuffer>,
          signal: AbortSignal.timeout(10_000),
        });
        return {
          statusCode: res.status,
          headers: {
            "x-sentry-rate-limits": res.headers.get("x-sentry-rate-limits"),
            "retry-after": res.headers.get("retry-after"),
          },
        };
      }),
  };
  initAndBind(ServerRuntimeClient, options);
  return {
    report(error, context) {
      try {
        captureException(error, { extra: context });
      } catch (e) {
        setup.onError(e);
      }
    },
    close: async () => {
      await flush(2000);
    },
  };
}
