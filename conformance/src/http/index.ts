// The HTTP layer: recording client, curl rendering, secret masking, pacing and clocks.
export { createHttpClient, joinUrl, TransportError, DeploymentUnavailable, DEFAULT_TIMEOUT_MS } from './client';
export type { AuthStyle, HttpClient, HttpClientOptions, HttpResponse, QueryValue, RequestOptions } from './client';
export type { MultipartFile, MultipartInput, MultipartValue } from './multipart';
export { toCurl, shellQuote, type CurlOptions } from './curl';
export { maskSecret, SecretMasker, NO_MASKING, type Masker } from './mask';
export { Pacer, TokenBucket, bucketFor, requestKind, type RequestKind } from './pacing';
export { systemClock, ManualClock, type Clock } from './clock';
