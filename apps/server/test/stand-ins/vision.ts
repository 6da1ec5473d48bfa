import { randomBytes } from 'node:crypto';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';

/**
 * Google Cloud Vision's `images:annotate`, from its REST reference: `POST /v1/images:annotate` with
 * the API key in `x-goog-api-key` (or `?key=`) and `{ requests: [{ image: { source: { imageUri } },
 * features: [{ type: "SAFE_SEARCH_DETECTION" }] }] }` answers `{ responses: [{ safeSearchAnnotation:
 * { adult, spoof, medical, violence, racy } }] }`, each a likelihood (`VERY_UNLIKELY` … `VERY_LIKELY`);
 * an image it cannot fetch answers a response with `error: { code, message }`; a wrong key HTTP 400
 * `API_KEY_INVALID`; over quota HTTP 429 `RESOURCE_EXHAUSTED`.
 */
export interface VisionStandIn extends StandIn {
  apiKey: string;
  /** The likelihoods each image address gets (default: all `VERY_UNLIKELY`). */
  annotations: Map<string, Record<string, string>>;
  /** Addresses it cannot fetch. */
  unreachable: Set<string>;
  plan(...outcomes: ('rate_limit' | 'fail')[]): void;
}

const CLEAN = {
  adult: 'VERY_UNLIKELY',
  spoof: 'VERY_UNLIKELY',
  medical: 'UNLIKELY',
  violence: 'VERY_UNLIKELY',
  racy: 'VERY_UNLIKELY',
};

export async function startVision(): Promise<VisionStandIn> {
  const apiKey = `AIza${randomBytes(16).toString('hex')}`;
  let queued: ('rate_limit' | 'fail')[] = [];
  const status = (code: number, state: string, message: string): Reply => ({
    status: code,
    body: { error: { code, message, status: state } },
  });

  function handle(request: Received): Reply {
    if (request.method !== 'POST' || request.path !== '/v1/images:annotate')
      return status(404, 'NOT_FOUND', 'Not Found');
    const key = request.headers['x-goog-api-key'] ?? request.query.get('key');
    if (key !== apiKey)
      return status(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    const outcome = queued.shift();
    if (outcome === 'rate_limit') return status(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded');
    if (outcome === 'fail') return status(503, 'UNAVAILABLE', 'The service is currently unavailable.');
    const body = JSON.parse(request.body) as {
      requests: { image: { source: { imageUri: string } }; features: { type: string }[] }[];
    };
    return {
      status: 200,
      body: {
        responses: body.requests.map((r) => {
          const uri = r.image.source.imageUri;
          if (!r.features.some((f) => f.type === 'SAFE_SEARCH_DETECTION')) return {};
          if (vision.unreachable.has(uri))
            return { error: { code: 7, message: 'We can not access the URL currently.' } };
          return { safeSearchAnnotation: { ...CLEAN, ...vision.annotations.get(uri) } };
        }),
      },
    };
  }

  const server = await startStandIn(handle);
  const vision: VisionStandIn = {
    ...server,
    apiKey,
    annotations: new Map(),
    unreachable: new Set(),
    plan: (...outcomes) => {
      queued = outcomes;
    },
  };
  return vision;
}
