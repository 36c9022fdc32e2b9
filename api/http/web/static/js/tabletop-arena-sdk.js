// Generated from sdk-ts/src (the TypeScript client) and openapi-fetch by sdk-ts/scripts/bundle-web.mjs
// with the pinned esbuild: do not edit. `make` rebuilds it; tests/web/test_client_bundle.py checks it.
//
// It contains openapi-fetch 0.17.0, under this licence:
/*!
 * MIT License
 *
 * Copyright (c) 2023 Drew Powers
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// node_modules/openapi-fetch/dist/index.mjs
var PATH_PARAM_RE = /\{[^{}]+\}/g;
var supportsRequestInitExt = () => {
  return typeof process === "object" && Number.parseInt(process?.versions?.node?.substring(0, 2)) >= 18 && process.versions.undici;
};
function randomID() {
  return Math.random().toString(36).slice(2, 11);
}
function createClient(clientOptions) {
  let {
    baseUrl = "",
    Request: CustomRequest = globalThis.Request,
    fetch: baseFetch = globalThis.fetch,
    querySerializer: globalQuerySerializer,
    bodySerializer: globalBodySerializer,
    pathSerializer: globalPathSerializer,
    headers: baseHeaders,
    requestInitExt = void 0,
    ...baseOptions
  } = { ...clientOptions };
  requestInitExt = supportsRequestInitExt() ? requestInitExt : void 0;
  baseUrl = removeTrailingSlash(baseUrl);
  const globalMiddlewares = [];
  async function coreFetch(schemaPath, fetchOptions) {
    const {
      baseUrl: localBaseUrl,
      fetch = baseFetch,
      Request = CustomRequest,
      headers,
      params = {},
      parseAs = "json",
      querySerializer: requestQuerySerializer,
      bodySerializer = globalBodySerializer ?? defaultBodySerializer,
      pathSerializer: requestPathSerializer,
      body,
      middleware: requestMiddlewares = [],
      ...init
    } = fetchOptions || {};
    let finalBaseUrl = baseUrl;
    if (localBaseUrl) {
      finalBaseUrl = removeTrailingSlash(localBaseUrl) ?? baseUrl;
    }
    let querySerializer = typeof globalQuerySerializer === "function" ? globalQuerySerializer : createQuerySerializer(globalQuerySerializer);
    if (requestQuerySerializer) {
      querySerializer = typeof requestQuerySerializer === "function" ? requestQuerySerializer : createQuerySerializer({
        ...typeof globalQuerySerializer === "object" ? globalQuerySerializer : {},
        ...requestQuerySerializer
      });
    }
    const pathSerializer = requestPathSerializer || globalPathSerializer || defaultPathSerializer;
    const serializedBody = body === void 0 ? void 0 : bodySerializer(
      body,
      // Note: we declare mergeHeaders() both here and below because it’s a bit of a chicken-or-egg situation:
      // bodySerializer() needs all headers so we aren’t dropping ones set by the user, however,
      // the result of this ALSO sets the lowest-priority content-type header. So we re-merge below,
      // setting the content-type at the very beginning to be overwritten.
      // Lastly, based on the way headers work, it’s not a simple “present-or-not” check becauase null intentionally un-sets headers.
      mergeHeaders(baseHeaders, headers, params.header)
    );
    const finalHeaders = mergeHeaders(
      // with no body, we should not to set Content-Type
      serializedBody === void 0 || // if serialized body is FormData; browser will correctly set Content-Type & boundary expression
      serializedBody instanceof FormData ? {} : {
        "Content-Type": "application/json"
      },
      baseHeaders,
      headers,
      params.header
    );
    const finalMiddlewares = [...globalMiddlewares, ...requestMiddlewares];
    const requestInit = {
      redirect: "follow",
      ...baseOptions,
      ...init,
      body: serializedBody,
      headers: finalHeaders
    };
    let id;
    let options;
    let request = new Request(
      createFinalURL(schemaPath, { baseUrl: finalBaseUrl, params, querySerializer, pathSerializer }),
      requestInit
    );
    let response;
    for (const key in init) {
      if (!(key in request)) {
        request[key] = init[key];
      }
    }
    if (finalMiddlewares.length) {
      id = randomID();
      options = Object.freeze({
        baseUrl: finalBaseUrl,
        fetch,
        parseAs,
        querySerializer,
        bodySerializer,
        pathSerializer
      });
      for (const m of finalMiddlewares) {
        if (m && typeof m === "object" && typeof m.onRequest === "function") {
          const result = await m.onRequest({
            request,
            schemaPath,
            params,
            options,
            id
          });
          if (result) {
            if (result instanceof Request) {
              request = result;
            } else if (result instanceof Response) {
              response = result;
              break;
            } else {
              throw new Error("onRequest: must return new Request() or Response() when modifying the request");
            }
          }
        }
      }
    }
    if (!response) {
      try {
        response = await fetch(request, requestInitExt);
      } catch (error2) {
        let errorAfterMiddleware = error2;
        if (finalMiddlewares.length) {
          for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
            const m = finalMiddlewares[i];
            if (m && typeof m === "object" && typeof m.onError === "function") {
              const result = await m.onError({
                request,
                error: errorAfterMiddleware,
                schemaPath,
                params,
                options,
                id
              });
              if (result) {
                if (result instanceof Response) {
                  errorAfterMiddleware = void 0;
                  response = result;
                  break;
                }
                if (result instanceof Error) {
                  errorAfterMiddleware = result;
                  continue;
                }
                throw new Error("onError: must return new Response() or instance of Error");
              }
            }
          }
        }
        if (errorAfterMiddleware) {
          throw errorAfterMiddleware;
        }
      }
      if (finalMiddlewares.length) {
        for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
          const m = finalMiddlewares[i];
          if (m && typeof m === "object" && typeof m.onResponse === "function") {
            const result = await m.onResponse({
              request,
              response,
              schemaPath,
              params,
              options,
              id
            });
            if (result) {
              if (!(result instanceof Response)) {
                throw new Error("onResponse: must return new Response() when modifying the response");
              }
              response = result;
            }
          }
        }
      }
    }
    const contentLength = response.headers.get("Content-Length");
    if (response.status === 204 || request.method === "HEAD" || contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked")) {
      return response.ok ? { data: void 0, response } : { error: void 0, response };
    }
    if (response.ok) {
      const getResponseData = async () => {
        if (parseAs === "stream") {
          return response.body;
        }
        if (parseAs === "json" && !contentLength) {
          const raw = await response.text();
          return raw ? JSON.parse(raw) : void 0;
        }
        return await response[parseAs]();
      };
      return { data: await getResponseData(), response };
    }
    let error = await response.text();
    try {
      error = JSON.parse(error);
    } catch {
    }
    return { error, response };
  }
  return {
    request(method, url, init) {
      return coreFetch(url, { ...init, method: method.toUpperCase() });
    },
    /** Call a GET endpoint */
    GET(url, init) {
      return coreFetch(url, { ...init, method: "GET" });
    },
    /** Call a PUT endpoint */
    PUT(url, init) {
      return coreFetch(url, { ...init, method: "PUT" });
    },
    /** Call a POST endpoint */
    POST(url, init) {
      return coreFetch(url, { ...init, method: "POST" });
    },
    /** Call a DELETE endpoint */
    DELETE(url, init) {
      return coreFetch(url, { ...init, method: "DELETE" });
    },
    /** Call a OPTIONS endpoint */
    OPTIONS(url, init) {
      return coreFetch(url, { ...init, method: "OPTIONS" });
    },
    /** Call a HEAD endpoint */
    HEAD(url, init) {
      return coreFetch(url, { ...init, method: "HEAD" });
    },
    /** Call a PATCH endpoint */
    PATCH(url, init) {
      return coreFetch(url, { ...init, method: "PATCH" });
    },
    /** Call a TRACE endpoint */
    TRACE(url, init) {
      return coreFetch(url, { ...init, method: "TRACE" });
    },
    /** Register middleware */
    use(...middleware) {
      for (const m of middleware) {
        if (!m) {
          continue;
        }
        if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
          throw new Error("Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`");
        }
        globalMiddlewares.push(m);
      }
    },
    /** Unregister middleware */
    eject(...middleware) {
      for (const m of middleware) {
        const i = globalMiddlewares.indexOf(m);
        if (i !== -1) {
          globalMiddlewares.splice(i, 1);
        }
      }
    }
  };
}
function serializePrimitiveParam(name, value, options) {
  if (value === void 0 || value === null) {
    return "";
  }
  if (typeof value === "object") {
    throw new Error(
      "Deeply-nested arrays/objects aren’t supported. Provide your own `querySerializer()` to handle these."
    );
  }
  return `${name}=${options?.allowReserved === true ? value : encodeURIComponent(value)}`;
}
function serializeObjectParam(name, value, options) {
  if (!value || typeof value !== "object") {
    return "";
  }
  const values = [];
  const joiner = {
    simple: ",",
    label: ".",
    matrix: ";"
  }[options.style] || "&";
  if (options.style !== "deepObject" && options.explode === false) {
    for (const k in value) {
      values.push(k, options.allowReserved === true ? value[k] : encodeURIComponent(value[k]));
    }
    const final2 = values.join(",");
    switch (options.style) {
      case "form": {
        return `${name}=${final2}`;
      }
      case "label": {
        return `.${final2}`;
      }
      case "matrix": {
        return `;${name}=${final2}`;
      }
      default: {
        return final2;
      }
    }
  }
  for (const k in value) {
    const finalName = options.style === "deepObject" ? `${name}[${k}]` : k;
    values.push(serializePrimitiveParam(finalName, value[k], options));
  }
  const final = values.join(joiner);
  return options.style === "label" || options.style === "matrix" ? `${joiner}${final}` : final;
}
function serializeArrayParam(name, value, options) {
  if (!Array.isArray(value)) {
    return "";
  }
  if (options.explode === false) {
    const joiner2 = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" }[options.style] || ",";
    const final = (options.allowReserved === true ? value : value.map((v) => encodeURIComponent(v))).join(joiner2);
    switch (options.style) {
      case "simple": {
        return final;
      }
      case "label": {
        return `.${final}`;
      }
      case "matrix": {
        return `;${name}=${final}`;
      }
      // case "spaceDelimited":
      // case "pipeDelimited":
      default: {
        return `${name}=${final}`;
      }
    }
  }
  const joiner = { simple: ",", label: ".", matrix: ";" }[options.style] || "&";
  const values = [];
  for (const v of value) {
    if (options.style === "simple" || options.style === "label") {
      values.push(options.allowReserved === true ? v : encodeURIComponent(v));
    } else {
      values.push(serializePrimitiveParam(name, v, options));
    }
  }
  return options.style === "label" || options.style === "matrix" ? `${joiner}${values.join(joiner)}` : values.join(joiner);
}
function createQuerySerializer(options) {
  return function querySerializer(queryParams) {
    const search = [];
    if (queryParams && typeof queryParams === "object") {
      for (const name in queryParams) {
        const value = queryParams[name];
        if (value === void 0 || value === null) {
          continue;
        }
        if (Array.isArray(value)) {
          if (value.length === 0) {
            continue;
          }
          search.push(
            serializeArrayParam(name, value, {
              style: "form",
              explode: true,
              ...options?.array,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        if (typeof value === "object") {
          search.push(
            serializeObjectParam(name, value, {
              style: "deepObject",
              explode: true,
              ...options?.object,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        search.push(serializePrimitiveParam(name, value, options));
      }
    }
    return search.join("&");
  };
}
function defaultPathSerializer(pathname, pathParams) {
  let nextURL = pathname;
  for (const match of pathname.match(PATH_PARAM_RE) ?? []) {
    let name = match.substring(1, match.length - 1);
    let explode = false;
    let style = "simple";
    if (name.endsWith("*")) {
      explode = true;
      name = name.substring(0, name.length - 1);
    }
    if (name.startsWith(".")) {
      style = "label";
      name = name.substring(1);
    } else if (name.startsWith(";")) {
      style = "matrix";
      name = name.substring(1);
    }
    if (!pathParams || pathParams[name] === void 0 || pathParams[name] === null) {
      continue;
    }
    const value = pathParams[name];
    if (Array.isArray(value)) {
      nextURL = nextURL.replace(match, serializeArrayParam(name, value, { style, explode }));
      continue;
    }
    if (typeof value === "object") {
      nextURL = nextURL.replace(match, serializeObjectParam(name, value, { style, explode }));
      continue;
    }
    if (style === "matrix") {
      nextURL = nextURL.replace(match, `;${serializePrimitiveParam(name, value)}`);
      continue;
    }
    nextURL = nextURL.replace(match, style === "label" ? `.${encodeURIComponent(value)}` : encodeURIComponent(value));
  }
  return nextURL;
}
function defaultBodySerializer(body, headers) {
  if (body instanceof FormData) {
    return body;
  }
  if (headers) {
    const contentType = headers.get instanceof Function ? headers.get("Content-Type") ?? headers.get("content-type") : headers["Content-Type"] ?? headers["content-type"];
    if (contentType === "application/x-www-form-urlencoded") {
      return new URLSearchParams(body).toString();
    }
  }
  return JSON.stringify(body);
}
function createFinalURL(pathname, options) {
  let finalURL = `${options.baseUrl}${pathname}`;
  if (options.params?.path) {
    finalURL = options.pathSerializer(finalURL, options.params.path);
  }
  let search = options.querySerializer(options.params.query ?? {});
  if (search.startsWith("?")) {
    search = search.substring(1);
  }
  if (search) {
    finalURL += `?${search}`;
  }
  return finalURL;
}
function mergeHeaders(...allHeaders) {
  const finalHeaders = new Headers();
  for (const h of allHeaders) {
    if (!h || typeof h !== "object") {
      continue;
    }
    const iterator = h instanceof Headers ? h.entries() : Object.entries(h);
    for (const [k, v] of iterator) {
      if (v === null) {
        finalHeaders.delete(k);
      } else if (Array.isArray(v)) {
        for (const v2 of v) {
          finalHeaders.append(k, v2);
        }
      } else if (v !== void 0) {
        finalHeaders.set(k, v);
      }
    }
  }
  return finalHeaders;
}
function removeTrailingSlash(url) {
  if (url.endsWith("/")) {
    return url.substring(0, url.length - 1);
  }
  return url;
}

// src/errors.ts
var NO_ANSWER = 0;
var ArenaError = class extends Error {
  status;
  code;
  details;
  constructor(status, code, message, details = {}, cause) {
    super(message, cause === void 0 ? void 0 : { cause });
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.details = details;
  }
};
var AuthError = class extends ArenaError {
};
var InvalidTokenError = class extends AuthError {
};
var WrongTokenError = class extends AuthError {
};
var NotInvitedError = class extends AuthError {
};
var NotHostError = class extends AuthError {
};
var NotFoundError = class extends ArenaError {
};
var InvalidRequestError = class extends ArenaError {
};
var IllegalActionError = class extends InvalidRequestError {
  get rule() {
    const rule = this.details["rule"];
    return typeof rule === "string" ? rule : null;
  }
};
var MalformedActionError = class extends InvalidRequestError {
};
var UnknownBotError = class extends InvalidRequestError {
};
var IdempotencyMismatchError = class extends InvalidRequestError {
};
var ConflictError = class extends ArenaError {
};
var NotYourTurnError = class extends ConflictError {
};
var MatchOverError = class extends ConflictError {
};
var MatchWaitingError = class extends ConflictError {
};
var MatchFullError = class extends ConflictError {
};
var SeatOutError = class extends ConflictError {
};
var ActionTooLateError = class extends ConflictError {
};
var MatchNotOverError = class extends ConflictError {
};
var IdempotencyKeyReusedError = class extends ConflictError {
};
var StaleVersionError = class extends ArenaError {
  get currentVersion() {
    const version = this.details["current_version"];
    return typeof version === "number" ? version : null;
  }
};
var RateLimitedError = class extends ArenaError {
  /** Seconds to wait: the `Retry-After` header, else `details.retry_after`, else 1. */
  retryAfter;
  constructor(status, code, message, details = {}, retryAfter) {
    super(status, code, message, details);
    const fromDetails = details["retry_after"];
    this.retryAfter = retryAfter ?? (typeof fromDetails === "number" && fromDetails >= 0 ? fromDetails : 1);
  }
};
var MatchQuotaError = class extends RateLimitedError {
  /** How many unfinished matches the client holds. */
  get live() {
    const live = this.details["live"];
    return typeof live === "number" ? live : null;
  }
  /** How many the server allows one client (`ARENA_MAX_LIVE_MATCHES`). */
  get limit() {
    const limit = this.details["limit"];
    return typeof limit === "number" ? limit : null;
  }
};
var TournamentQuotaError = class extends RateLimitedError {
  /** How many unfinished tournaments the client holds. */
  get live() {
    const live = this.details["live"];
    return typeof live === "number" ? live : null;
  }
  /** How many the server allows one client (`ARENA_MAX_LIVE_TOURNAMENTS`). */
  get limit() {
    const limit = this.details["limit"];
    return typeof limit === "number" ? limit : null;
  }
};
var StoreUnavailableError = class extends ArenaError {
};
var StoreFullError = class extends ArenaError {
};
var ServerError = class extends ArenaError {
};
var ConnectionFailedError = class extends ArenaError {
};
var UnexpectedResponseError = class extends ArenaError {
};
var WrongGameError = class extends ArenaError {
};
var WaitTimeoutError = class extends ArenaError {
};
var ERROR_CLASSES = {
  "auth/missing_token": InvalidTokenError,
  "auth/invalid_token": InvalidTokenError,
  "auth/wrong_match": WrongTokenError,
  "auth/wrong_seat": WrongTokenError,
  "auth/not_a_seat": WrongTokenError,
  "auth/wrong_tournament": WrongTokenError,
  "auth/not_an_entrant": WrongTokenError,
  "auth/invalid_invitation": NotInvitedError,
  "auth/not_host": NotHostError,
  "match/not_found": NotFoundError,
  "match/version_not_found": NotFoundError,
  "game/unknown": NotFoundError,
  "request/not_found": NotFoundError,
  "tournament/not_found": NotFoundError,
  "tournament/no_such_match": NotFoundError,
  "webhook/not_found": NotFoundError,
  "tournament/no_sprt": NotFoundError,
  "action/illegal": IllegalActionError,
  "action/malformed": MalformedActionError,
  "bot/unknown": UnknownBotError,
  "request/idempotency_mismatch": IdempotencyMismatchError,
  "action/invalid_seat": InvalidRequestError,
  "match/invalid_options": InvalidRequestError,
  "match/too_large": InvalidRequestError,
  "match/version_required": InvalidRequestError,
  "request/invalid": InvalidRequestError,
  "request/bad_request": InvalidRequestError,
  "request/too_deep": InvalidRequestError,
  "request/upgrade_required": InvalidRequestError,
  "webhook/refused_url": InvalidRequestError,
  "request/method_not_allowed": InvalidRequestError,
  "request/too_large": InvalidRequestError,
  "request/uri_too_long": InvalidRequestError,
  "request/unsupported_media_type": InvalidRequestError,
  "request/headers_too_large": InvalidRequestError,
  "tournament/invalid": InvalidRequestError,
  "record/invalid": InvalidRequestError,
  "action/not_your_turn": NotYourTurnError,
  "match/over": MatchOverError,
  "match/waiting": MatchWaitingError,
  "match/full": MatchFullError,
  "seat/out": SeatOutError,
  "action/too_late": ActionTooLateError,
  "match/not_over": MatchNotOverError,
  "request/idempotency_key_reused": IdempotencyKeyReusedError,
  "tournament/started": ConflictError,
  "tournament/over": ConflictError,
  "tournament/full": ConflictError,
  "tournament/not_running": ConflictError,
  "tournament/not_paused": ConflictError,
  "record/sealed": ConflictError,
  "match/moved_on": ConflictError,
  "record/unavailable": ConflictError,
  "match/stale_version": StaleVersionError,
  "rate/limited": RateLimitedError,
  "match/quota": MatchQuotaError,
  "tournament/quota": TournamentQuotaError,
  "store/unavailable": StoreUnavailableError,
  "store/busy": StoreUnavailableError,
  "store/full": StoreFullError,
  "server/error": ServerError
};
function errorClassOfStatus(status) {
  if (status === 401 || status === 403) return AuthError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 412) return StaleVersionError;
  if (status === 429) return RateLimitedError;
  if (status === 503) return StoreUnavailableError;
  if (status === 507) return StoreFullError;
  if (status >= 500) return ServerError;
  if (status >= 400) return InvalidRequestError;
  return UnexpectedResponseError;
}
function retryAfterSeconds(headers) {
  const value = headers?.get("Retry-After");
  if (value == null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return void 0;
  return Number(value);
}
function errorFor(status, body, headers) {
  let code;
  let message;
  let details = {};
  if (isErrorBody(body)) {
    code = body.code;
    message = typeof body.message === "string" ? body.message : "";
    details = isRecord(body.details) ? body.details : {};
  } else {
    code = `http/${status}`;
    message = typeof body === "string" ? body.slice(0, 500) : `HTTP ${status}`;
  }
  const chosen = ERROR_CLASSES[code] ?? errorClassOfStatus(status);
  if (chosen === MatchQuotaError) {
    return new MatchQuotaError(status, code, message, details, retryAfterSeconds(headers));
  }
  if (chosen === TournamentQuotaError) {
    return new TournamentQuotaError(status, code, message, details, retryAfterSeconds(headers));
  }
  if (chosen === RateLimitedError) {
    return new RateLimitedError(status, code, message, details, retryAfterSeconds(headers));
  }
  return new chosen(status, code, message, details);
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isErrorBody(body) {
  return isRecord(body) && typeof body["code"] === "string";
}

// src/retrying.ts
var DEFAULT_RETRY_POLICY = { retryFor: 30, retryPause: 0.2, maxRateLimitWait: 120 };
var TransportFailure = class extends Error {
  constructor(cause) {
    super(`no answer: ${describe(cause)}`, { cause });
    this.name = "TransportFailure";
  }
};
function typed(failure) {
  if (failure instanceof TransportFailure) {
    return new ConnectionFailedError(NO_ANSWER, "client/connection_failed", failure.message, {}, failure.cause);
  }
  return failure;
}
var monotonicSeconds = () => performance.now() / 1e3;
var RetryBudget = class {
  constructor(policy, clock = monotonicSeconds) {
    this.policy = policy;
    this.clock = clock;
    this.giveUpAt = clock() + policy.retryFor;
  }
  policy;
  clock;
  giveUpAt;
  rateLimitWaited = 0;
  /** Seconds to wait before sending again after `failure`, or `null`: give up and raise it. */
  waitBeforeRetry(failure, idempotent) {
    if (failure instanceof RateLimitedError) {
      const wait = failure.retryAfter;
      if (this.rateLimitWaited + wait > this.policy.maxRateLimitWait) return null;
      this.rateLimitWaited += wait;
      return wait;
    }
    if (idempotent && (failure instanceof TransportFailure || failure instanceof StoreUnavailableError)) {
      const wait = this.policy.retryPause;
      return this.clock() + wait <= this.giveUpAt ? wait : null;
    }
    return null;
  }
};
var ActionResends = class {
  budget;
  resent = false;
  checked = false;
  constructor(policy, clock = monotonicSeconds) {
    this.budget = new RetryBudget(policy, clock);
  }
  /** Seconds to wait before resending after `failure`, or `null`: raise it. */
  waitBeforeResend(failure) {
    if (failure instanceof StaleVersionError || failure instanceof NotYourTurnError || failure instanceof MatchOverError) {
      if (this.resent && !this.checked) {
        this.checked = true;
        return 0;
      }
      return null;
    }
    const wait = this.budget.waitBeforeRetry(failure, true);
    if (wait !== null && !(failure instanceof RateLimitedError)) this.resent = true;
    return wait;
  }
};
function sleep(seconds) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds) * 1e3));
}
function describe(error) {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.name}: ${error.cause.message})` : "";
    return `${error.name}: ${error.message}${cause}`;
  }
  return String(error);
}

// src/connection.ts
function unwrap(result) {
  const { response } = result;
  if (!response.ok) throw errorFor(response.status, result.error, response.headers);
  if (result.data === void 0 || result.data === null) {
    throw new UnexpectedResponseError(
      NO_ANSWER,
      "client/unexpected_response",
      `${response.status} from ${response.url} without the body the spec promises`
    );
  }
  return result.data;
}
async function attempt(send) {
  try {
    return await send();
  } catch (error) {
    if (isNoAnswer(error)) throw new TransportFailure(error);
    if (error instanceof SyntaxError) {
      throw new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", `an answer that is not JSON: ${error.message}`);
    }
    throw error;
  }
}
function isNoAnswer(error) {
  if (error instanceof TypeError) return true;
  const name = typeof error === "object" && error !== null ? error.name : void 0;
  return name === "AbortError" || name === "TimeoutError";
}
function randomKey() {
  const crypto = globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] ?? 0) & 15 | 64;
  bytes[8] = (bytes[8] ?? 0) & 63 | 128;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
var Connection = class {
  baseUrl;
  policy;
  timeout;
  newKey;
  fetch;
  headers;
  webSocketClass;
  constructor(baseUrl, options = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.policy = {
      retryFor: options.retryFor ?? DEFAULT_RETRY_POLICY.retryFor,
      retryPause: options.retryPause ?? DEFAULT_RETRY_POLICY.retryPause,
      maxRateLimitWait: options.maxRateLimitWait ?? DEFAULT_RETRY_POLICY.maxRateLimitWait
    };
    this.timeout = options.timeout ?? 10;
    this.fetch = options.fetch;
    this.headers = { ...options.headers };
    this.newKey = options.idempotencyKey ?? randomKey;
    this.webSocketClass = options.WebSocket;
  }
  /**
   * The WebSocket class to open seat sockets with, or `null` where there is none: the one given, else
   * the global one (browsers, Node 22+), else the `ws` package's (Node 18 and 20, where the global one
   * is missing or behind a flag; an optional dependency of this package, so npm installs it).
   */
  async webSocket() {
    if (this.webSocketClass !== void 0) return this.webSocketClass;
    const global = globalThis.WebSocket;
    return global ?? await wsPackage();
  }
  /** An openapi-fetch client for this server, sending `token` as its bearer token if given. */
  client(token) {
    const headers = token === void 0 ? this.headers : { ...this.headers, Authorization: `Bearer ${token}` };
    const send = this.fetch ?? ((input) => globalThis.fetch(input));
    return createClient({ baseUrl: this.baseUrl, fetch: send, headers, cache: "no-store" });
  }
  /** A signal that aborts a request after the timeout (plus `extra` seconds, for a long-poll's wait). */
  deadline(extra = 0) {
    return AbortSignal.timeout(Math.ceil((this.timeout + extra) * 1e3));
  }
  /**
   * `send()`'s success body, retried by the rules of `retrying.ts`: a 429 by every call, a dropped
   * connection or a 503 only by an `idempotent` one. `notModified` answers a 304 (long-polls).
   */
  async call(send, idempotent = true) {
    const answer = await this.callAllowing304(send, idempotent);
    if (answer === null) {
      throw new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", "304 to a request that was not conditional");
    }
    return answer;
  }
  /** `call`, with `null` for a 304 (a long-poll that saw no change). */
  async callAllowing304(send, idempotent = true) {
    const budget = new RetryBudget(this.policy);
    for (; ; ) {
      try {
        const result = await attempt(send);
        if (result.response.status === 304) return null;
        return unwrap(result);
      } catch (failure) {
        const wait = budget.waitBeforeRetry(failure, idempotent);
        if (wait === null) throw typed(failure);
        await sleep(wait);
      }
    }
  }
};
var WS_PACKAGE = "ws";
async function wsPackage() {
  try {
    const loaded = await import(WS_PACKAGE);
    return loaded.WebSocket ?? loaded.default ?? null;
  } catch {
    return null;
  }
}

// src/events.ts
var EVENT_KINDS = {
  "arena": ["seed_committed", "joined", "started", "resigned", "timeout", "aborted", "clocks_extended", "adjudicated", "ended"],
  "pipifax": ["die_rolled", "card_flipped", "cards_turned_down", "turn_passed", "match_won"],
  "taiga": ["discs_placed", "round_started", "card_to_bottom", "disc_flipped", "token_from_circle", "token_taken", "nothing_to_take", "family_found", "token_to_circle", "no_token_to_pay", "passed", "turn_passed", "game_over"],
  "girafferaffe": ["round_started", "hand_dealt", "turn_started", "cards_played", "apples_taken", "card_drawn", "card_received", "robot_deck_topped", "reward_skipped", "apple_returned", "robot_drew", "robot_cannot_act", "player_lost", "rotten_apple_taken", "match_over"],
  "pili-pili": ["round_started", "missions_reshuffled", "hand_dealt", "bet_placed", "hand_revealed", "choice_committed", "cards_passed", "cards_received", "hands_passed", "hand_received", "cards_drawn", "card_drawn", "hands_opened", "partners_revealed", "card_played", "trick_won", "marked_trick", "exchange_started", "cards_exchanged", "cards_given", "round_scored", "match_over"]
};

// src/games.ts
function isGame(source, game) {
  return source.game === game && source.view.game === game;
}
function viewOf(source, game) {
  const view = "view" in source ? source.view : source;
  if (view.game === game) return view;
  throw wrongGame(view.game, game);
}
function isActionOf(action, game) {
  return action.type.startsWith(`${game}.`);
}
function actionsOf(actions, game) {
  return actions.map((action) => {
    if (isActionOf(action, game)) return action;
    throw new WrongGameError(NO_ANSWER, "client/wrong_game", `${JSON.stringify(action.type)} is not an action of ${game}`, {
      type: action.type,
      expected: game
    });
  });
}
function actionsOfType(actions, type) {
  return actions.filter((action) => action.type === type);
}
function eventsOf(events, game) {
  const kinds = [...EVENT_KINDS[game], ...EVENT_KINDS.arena];
  return events.map((event) => {
    if (kinds.includes(event.kind)) return event;
    throw new WrongGameError(NO_ANSWER, "client/wrong_game", `${JSON.stringify(event.kind)} is not an event of ${game}`, {
      kind: event.kind,
      expected: game
    });
  });
}
function checkedGame(source, game) {
  if (game !== null && !isGame(source, game)) throw wrongGame(source.view.game, game);
  return source;
}
function wrongGame(found, expected) {
  return new WrongGameError(NO_ANSWER, "client/wrong_game", `this is a view of a ${found} match, not of a ${expected} match`, {
    game: found,
    expected
  });
}

// src/socket.ts
var OPEN = 1;
var RESUMABLE_CLOSES = /* @__PURE__ */ new Set([1001, 1006, 1011, 1012, 1013]);
function socketUrl(baseUrl, matchId, legalLimit, after) {
  const page = globalThis.location?.href;
  const url = new URL(`${baseUrl}/matches/${encodeURIComponent(matchId)}/seat-socket`, page);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("legal_limit", String(legalLimit));
  if (after !== void 0) url.searchParams.set("after", String(after));
  return url.href;
}
function placeOf(id) {
  const [version, index] = id.split(".");
  return [Number(version), index === void 0 ? Infinity : Number(index)];
}
function resumption(lastId) {
  const [version, index] = placeOf(lastId);
  return index === Infinity ? { after: version, skipThrough: null } : { after: version - 1, skipThrough: [version, index] };
}
function closedError(code, reason) {
  const message = reason || "the seat socket was closed";
  if (code === 4401) return new InvalidTokenError(401, "auth/invalid_token", message);
  if (code === 4403) return new AuthError(403, "auth/forbidden", message);
  if (code === 4404) return new NotFoundError(404, "match/not_found", message);
  return new UnexpectedResponseError(NO_ANSWER, "client/socket_closed", `${code}: ${message}`, { close_code: code });
}
var SocketUnavailable = class extends Error {
  constructor() {
    super("the seat socket could not be opened");
    this.name = "SocketUnavailable";
  }
};
var SeatChannel = class {
  constructor(options) {
    this.options = options;
    this.clock = options.clock ?? monotonicSeconds;
  }
  options;
  socket = null;
  queue = [];
  wake = null;
  moves = /* @__PURE__ */ new Map();
  lastId = null;
  skipThrough = null;
  ended = null;
  failingSince = null;
  everOpened = false;
  /** The reader is done: the channel ends once no move waits for its answer. */
  finishing = false;
  clock;
  /** Every item the server pushes until `match_over`; closes the socket when the loop ends. */
  async *items() {
    this.connect();
    try {
      for (; ; ) {
        const item = this.queue.shift();
        if (item !== void 0) {
          yield item;
          if (item.type === "match_over") return;
          continue;
        }
        if (this.ended !== null) {
          if (this.ended.error !== null) throw this.ended.error;
          return;
        }
        await new Promise((resolve) => this.wake = resolve);
      }
    } finally {
      this.finish();
    }
  }
  /** Whether moves can go over this channel (its reader still reads it). */
  get open() {
    return this.ended === null && !this.finishing;
  }
  /**
   * The reader is done. A move still waiting keeps the socket open until its answer comes (the
   * server may push `match_over` before it answers the move that ended the match) or the socket closes.
   */
  finish() {
    this.finishing = true;
    if (this.moves.size === 0) this.end(new ConnectionFailedError(NO_ANSWER, "client/connection_failed", "the seat socket was closed"));
  }
  /**
   * Send a move and resolve to its answer's data (a `MoveResult`), or reject with its typed refusal.
   * After a drop the move is sent again with the same key (within `policy.retryFor` seconds); a 429
   * is waited out; a refusal that only a lost first send explains is checked with one more send.
   */
  act(action, version, key, policy) {
    if (this.ended !== null) return Promise.reject(this.ended.error ?? overBeforeAnswer());
    const frame = JSON.stringify({ action, version, key });
    return new Promise((resolve, reject) => {
      this.moves.set(key, { frame, resends: new ActionResends(policy, this.clock), resolve, reject });
      this.send(frame);
    });
  }
  connect() {
    if (this.ended !== null) return;
    let after = this.options.after;
    if (this.lastId !== null) ({ after, skipThrough: this.skipThrough } = resumption(this.lastId));
    const url = socketUrl(this.options.baseUrl, this.options.matchId, this.options.legalLimit, after);
    let socket;
    try {
      socket = new this.options.WebSocket(url);
    } catch (error) {
      this.dropped(error);
      return;
    }
    this.socket = socket;
    const timer = setTimeout(() => {
      if (this.socket !== socket) return;
      this.socket = null;
      socket.close();
      this.dropped(new Error(`the seat socket did not open within ${this.options.openTimeout} s`));
    }, this.options.openTimeout * 1e3);
    socket.addEventListener("open", () => {
      clearTimeout(timer);
      if (this.socket !== socket) return;
      this.everOpened = true;
      socket.send(this.options.token);
      for (const move of this.moves.values()) socket.send(move.frame);
    });
    socket.addEventListener("message", (event) => {
      if (this.socket === socket) this.received(event.data);
    });
    socket.addEventListener("close", (event) => {
      clearTimeout(timer);
      if (this.socket !== socket) return;
      this.socket = null;
      this.closed(event.code, event.reason);
    });
    socket.addEventListener("error", () => {
      clearTimeout(timer);
      if (this.socket !== socket) return;
      this.socket = null;
      socket.close();
      this.dropped(new Error("the seat socket failed"));
    });
  }
  send(frame) {
    if (this.socket !== null && this.socket.readyState === OPEN) this.socket.send(frame);
  }
  received(data) {
    let message;
    try {
      message = JSON.parse(String(data));
    } catch {
      this.end(new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", "a seat socket frame that is not JSON"));
      return;
    }
    if (message.type === "result" || message.type === "error") {
      this.answered(message);
      return;
    }
    if (typeof message.type !== "string" || typeof message.id !== "string" || !/^\d+(\.\d+)?$/.test(message.id)) {
      const shown = JSON.stringify(message).slice(0, 200);
      this.end(new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", `a seat socket item without a type or id: ${shown}`));
      return;
    }
    const place = placeOf(message.id);
    if (this.skipThrough !== null) {
      const [version, index] = this.skipThrough;
      if (place[0] < version || place[0] === version && place[1] <= index) return;
      this.skipThrough = null;
    }
    this.lastId = message.id;
    this.failingSince = null;
    this.queue.push({ id: message.id, type: message.type, version: place[0], data: message.data });
    this.notify();
  }
  answered(message) {
    const key = typeof message.key === "string" ? message.key : null;
    const move = key === null ? void 0 : this.moves.get(key);
    if (key === null || move === void 0) return;
    if (message.type === "result") {
      this.settled(key);
      move.resolve(message.data);
      return;
    }
    const refusal = errorFor(typeof message.status === "number" ? message.status : 0, message.error);
    const wait = move.resends.waitBeforeResend(refusal);
    if (wait === null) {
      this.settled(key);
      move.reject(refusal);
      return;
    }
    setTimeout(() => {
      if (this.moves.get(key) === move) this.send(move.frame);
    }, wait * 1e3);
  }
  /** A move has its answer: forget it, and end a finished channel once none waits. */
  settled(key) {
    this.moves.delete(key);
    if (this.finishing && this.moves.size === 0) this.finish();
  }
  closed(code, reason) {
    if (code === 1e3) {
      this.end(null);
    } else if (!RESUMABLE_CLOSES.has(code)) {
      this.end(closedError(code, reason));
    } else {
      this.dropped(new Error(`the seat socket closed with ${code}${reason ? `: ${reason}` : ""}`));
    }
  }
  /** A socket that dropped or never opened: connect again after a pause, within the budgets. */
  dropped(cause) {
    if (this.ended !== null) return;
    if (!this.everOpened && this.options.fallback) {
      this.end(new SocketUnavailable());
      return;
    }
    const failure = new TransportFailure(cause);
    const now = this.clock();
    this.failingSince ??= now;
    if (now - this.failingSince > this.options.policy.retryFor) {
      this.end(new ConnectionFailedError(NO_ANSWER, "client/connection_failed", `the seat socket: ${failure.message}`, {}, cause));
      return;
    }
    for (const [key, move] of this.moves) {
      if (move.resends.waitBeforeResend(failure) === null) {
        this.settled(key);
        move.reject(new ConnectionFailedError(NO_ANSWER, "client/connection_failed", `the seat socket: ${failure.message}`, {}, cause));
      }
    }
    if (this.ended !== null) return;
    setTimeout(() => this.connect(), this.options.policy.retryPause * 1e3);
  }
  /** The channel is done: `error` (`null`: the match is over) for the reader and for every move still waiting. */
  end(error) {
    if (this.ended !== null) return;
    this.ended = { error };
    for (const move of this.moves.values()) move.reject(error ?? overBeforeAnswer());
    this.moves.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket !== null) socket.close(1e3);
    this.notify();
  }
  notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
};
function overBeforeAnswer() {
  return new MatchOverError(409, "match/over", "the match ended before the move's answer came");
}

// src/sse.ts
var SseParser = class {
  buffer = "";
  scanned = 0;
  data = [];
  event = "";
  lastEventId = null;
  push(text) {
    const messages = [];
    this.buffer += text;
    let start = 0;
    for (let i = this.scanned; i < this.buffer.length; i++) {
      const char = this.buffer.charCodeAt(i);
      if (char !== 10 && char !== 13) continue;
      if (char === 13 && i + 1 === this.buffer.length) break;
      this.line(this.buffer.slice(start, i), messages);
      if (char === 13 && this.buffer.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    this.scanned = this.buffer.endsWith("\r") ? this.buffer.length - 1 : this.buffer.length;
    return messages;
  }
  line(line, messages) {
    if (line === "") {
      if (this.data.length > 0) {
        messages.push({ id: this.lastEventId, event: this.event || "message", data: this.data.join("\n") });
      }
      this.data = [];
      this.event = "";
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\0")) this.lastEventId = value;
  }
};
var STREAM_SILENCE = 45;
async function* followStream(open, options) {
  let lastEventId = null;
  let budget = new RetryBudget(options);
  const silence = (options.silence ?? STREAM_SILENCE) * 1e3;
  for (; ; ) {
    let failure = new TransportFailure(new Error("the stream ended before match_over"));
    const controller = new AbortController();
    let timer;
    const watch = () => {
      clearTimeout(timer);
      const reason = new DOMException(`the stream was silent for ${silence / 1e3} s`, "TimeoutError");
      timer = setTimeout(() => controller.abort(reason), silence);
    };
    try {
      watch();
      const after = lastEventId === null ? options.after : void 0;
      let opened;
      try {
        opened = await open({ lastEventId, after }, controller.signal);
      } catch (error) {
        throw isNoAnswer(error) ? new TransportFailure(error) : error;
      }
      const { response } = opened;
      if (response.status === 204) return;
      if (!response.ok) throw errorFor(response.status, opened.error, response.headers);
      if (!opened.data) throw new UnexpectedResponseError(NO_ANSWER, "client/unexpected_response", "a stream without a body");
      const reader = opened.data.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      try {
        for (; ; ) {
          let chunk;
          try {
            chunk = await reader.read();
          } catch (error) {
            throw isNoAnswer(error) ? new TransportFailure(error) : error;
          }
          if (chunk.done) break;
          watch();
          for (const message of parser.push(decoder.decode(chunk.value, { stream: true }))) {
            const event = parsed(message);
            lastEventId = event.id;
            budget = new RetryBudget(options);
            yield event;
            if (event.type === "match_over") return;
          }
        }
      } finally {
        reader.releaseLock();
      }
    } catch (error) {
      if (!(error instanceof TransportFailure || error instanceof StoreUnavailableError || error instanceof RateLimitedError)) {
        throw error;
      }
      failure = error;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    const wait = budget.waitBeforeRetry(failure, true);
    if (wait === null) throw typed(failure);
    await sleep(wait);
  }
}
function parsed(message) {
  const version = message.id === null ? NaN : Number.parseInt(message.id, 10);
  let data;
  try {
    data = JSON.parse(message.data);
  } catch {
    data = void 0;
  }
  if (message.id === null || !Number.isInteger(version) || data === void 0) {
    throw new UnexpectedResponseError(
      NO_ANSWER,
      "client/unexpected_response",
      `a stream event without a version id or JSON data: ${JSON.stringify(message).slice(0, 200)}`
    );
  }
  return { id: message.id, type: message.event, version, data };
}

// src/seat.ts
var MAX_LEGAL_LIMIT = 1e3;
var DEFAULT_LEGAL_LIMIT = 100;
var SEAT_TOKEN = /^([A-Za-z0-9_-]+)\.([0-9]+)\.([A-Za-z0-9_-]+)$/;
function seatOfToken(matchId, token) {
  const shape = SEAT_TOKEN.exec(token);
  if (shape === null) {
    const hint = token.includes(".host.") ? "a host token plays no seat; " : "";
    throw new InvalidTokenError(
      NO_ANSWER,
      "auth/invalid_token",
      `${hint}a seat token looks like '<match id>.<seat>.<secret>' (CreatedMatch.seats[i].token)`
    );
  }
  if (shape[1] !== matchId) {
    throw new InvalidTokenError(NO_ANSWER, "auth/invalid_token", `the token is for match '${shape[1]}', not '${matchId}'`);
  }
  return Number(shape[2]);
}
function turnOutcome(seen, seat) {
  const state = seen.seats.find((s) => s.seat === seat)?.state ?? "playing";
  if (seen.status === "finished" || seen.status === "aborted" || state !== "playing") return false;
  if (seen.status === "active" && seen.to_act.includes(seat)) return true;
  return null;
}
function viewOfMove(result) {
  const { events: _events, ...view } = result;
  return view;
}
var Turn = class {
  constructor(owner, version, view, actions, total, events, deadline) {
    this.owner = owner;
    this.version = version;
    this.view = view;
    this.actions = actions;
    this.total = total;
    this.events = events;
    this.deadline = deadline;
  }
  owner;
  version;
  view;
  actions;
  total;
  events;
  deadline;
  /** Whether `actions` is a sample of more legal actions (`total` of them). */
  get sampled() {
    return this.actions.length < this.total;
  }
  /** Submit `action` at this turn's version (with `If-Match` and an idempotency key, like `Seat.act`). */
  act(action, options = {}) {
    return this.owner.act(action, { ...options, version: this.version });
  }
};
var TurnLoop = class {
  /** How the match ended, once the loop has run to its end (`null` until then). */
  ending = null;
  turns;
  constructor(items) {
    this.turns = items(this);
  }
  /** The match's result once the loop has run to the end of a finished match, else `null`. */
  get result() {
    return this.ending?.result ?? null;
  }
  [Symbol.asyncIterator]() {
    return this;
  }
  next() {
    return this.turns.next();
  }
  /** Stop reading the seat's stream (a loop that breaks off may call `turns()` again later). */
  async return() {
    return this.turns.return(void 0);
  }
};
function wasOvertaken(error) {
  return error instanceof StaleVersionError || error instanceof NotYourTurnError || error instanceof MatchOverError || error instanceof ActionTooLateError || error instanceof SeatOutError;
}
var Seat = class {
  /**
   * Use `Arena.seat(matchId, token, game?)`. With `game`, every view and action the seat receives is
   * checked to be of that game (`WrongGameError` otherwise), so their narrowed types hold.
   */
  constructor(connection, matchId, token, game = null) {
    this.connection = connection;
    this.matchId = matchId;
    this.token = token;
    this.game = game;
    this.seat = seatOfToken(matchId, token);
    this.client = connection.client(token);
    this.path = { match_id: matchId };
  }
  connection;
  matchId;
  token;
  game;
  /** The seat this token plays. */
  seat;
  /** The version the next action is decided at (sent as `If-Match`); `null` until the seat has read the match. */
  version = null;
  /** The latest view this seat received (from a read, a turn or an action's answer). */
  lastView = null;
  client;
  path;
  /** The seat socket its stream is read from now (`transport: "ws"`), which its actions go over too. */
  channel = null;
  /** What this seat sees now; also sets the version the next action is decided at. */
  async view() {
    const seen = await this.connection.call(
      () => this.client.GET("/matches/{match_id}/view", { params: { path: this.path }, signal: this.connection.deadline() })
    );
    return this.saw(seen);
  }
  /**
   * One page of this seat's legal actions (`offset`, `limit`), or with `sample` that many distinct
   * legal actions drawn uniformly at random however many there are (`sampleSeed` draws the same
   * again); `total` counts them all, `labels` describes each. Empty when the seat may not act.
   */
  async legal(query = {}) {
    const page = await this.connection.call(
      () => this.client.GET("/matches/{match_id}/legal-actions", {
        params: {
          path: this.path,
          query: {
            offset: query.offset,
            limit: query.limit,
            sample: query.sample,
            sample_seed: query.sampleSeed,
            filter: query.filters
          }
        },
        signal: this.connection.deadline()
      })
    );
    this.version = page.version;
    return { ...page, actions: this.ownActions(page.actions) };
  }
  /** This seat's legal actions now (every page, or the first `limit`), each ready for `act`. */
  async legalActions(options = {}) {
    const pageSize = options.pageSize ?? 1e3;
    const actions = [];
    for (; ; ) {
      const size = options.limit === void 0 ? pageSize : Math.min(pageSize, options.limit - actions.length);
      const page = await this.legal({ offset: actions.length, limit: size, filters: options.filters });
      actions.push(...page.actions);
      const enough = options.limit !== void 0 && actions.length >= options.limit;
      if (page.actions.length === 0 || actions.length >= page.total || enough) return actions;
    }
  }
  /**
   * `k` distinct legal actions drawn uniformly at random (all of them when there are fewer): the
   * server draws them without listing the rest, so this is fast however many there are.
   */
  async sampleActions(k = 1, options = {}) {
    return (await this.legal({ sample: k, sampleSeed: options.seed, filters: options.filters })).actions;
  }
  /** A page of the log as this seat saw it: public events and this seat's private ones, after version `after`. */
  async events(options = {}) {
    const query = { after: options.after ?? -1, limit: options.limit ?? 100 };
    return this.connection.call(
      () => this.client.GET("/matches/{match_id}/seat-events", {
        params: { path: this.path, query },
        signal: this.connection.deadline()
      })
    );
  }
  /**
   * What this seat sees happen: events, a `turn` whenever it must act (with its view and at most
   * `legalLimit` legal actions), then `match_over`. Starts after version `after` (0: from the first
   * move; default: where the match stands now) and resumes after a drop where it stopped.
   *
   * With `transport: "ws"` the items come over the seat socket, and while the loop runs `act` sends
   * this seat's actions over it too (one connection for the whole match); `"auto"` does so where a
   * WebSocket exists and the first socket opens, and reads the seat stream over HTTP otherwise.
   */
  async *stream(options = {}) {
    const legalLimit = Math.max(0, Math.min(options.legalLimit ?? DEFAULT_LEGAL_LIMIT, MAX_LEGAL_LIMIT));
    const policy = { ...this.connection.policy, retryFor: options.retryFor ?? this.connection.policy.retryFor };
    const transport = options.transport ?? "sse";
    const WebSocket = transport === "sse" ? null : await this.connection.webSocket();
    if (transport === "ws" && WebSocket === null) {
      throw new ConnectionFailedError(
        NO_ANSWER,
        "client/no_websocket",
        "there is no WebSocket here: pass one as ArenaOptions.WebSocket, install the ws package (Node 18 and 20), or use transport 'sse'"
      );
    }
    if (WebSocket !== null) {
      const channel = new SeatChannel({
        baseUrl: this.connection.baseUrl,
        matchId: this.matchId,
        token: this.token,
        legalLimit,
        after: options.after,
        WebSocket,
        policy,
        openTimeout: this.connection.timeout,
        fallback: transport === "auto"
      });
      this.channel = channel;
      try {
        for await (const event of channel.items()) yield this.checkedItem(event);
        return;
      } catch (error) {
        if (!(error instanceof SocketUnavailable)) throw error;
      } finally {
        if (this.channel === channel) this.channel = null;
      }
    }
    const events = followStream(
      ({ lastEventId, after }, signal) => this.client.GET("/matches/{match_id}/seat-stream", {
        params: {
          path: this.path,
          query: { legal_limit: legalLimit, after },
          header: lastEventId === null ? {} : { "Last-Event-ID": lastEventId }
        },
        parseAs: "stream",
        signal
      }),
      { ...policy, after: options.after }
    );
    for await (const event of events) yield this.checkedItem(event);
  }
  /** Whether this seat's actions go over the seat socket now (a `transport: "ws"` stream is being read). */
  get actsOverSocket() {
    return this.channel !== null && this.channel.open;
  }
  /**
   * Submit `action` at the version last seen (or `options.version`); `StaleVersionError` if the match
   * moved on. Each action carries a fresh `Idempotency-Key`; after a dropped connection or a 503 it
   * is sent again with the same key (within `retryFor`), so it applies at most once and a replay
   * answers with the original result. A 429 is waited out (within the arena's `maxRateLimitWait`).
   */
  async act(action, options = {}) {
    const version = options.version ?? this.version ?? (await this.view()).version;
    const key = this.connection.newKey();
    const policy = { ...this.connection.policy, retryFor: options.retryFor ?? this.connection.policy.retryFor };
    const channel = this.channel;
    if (channel !== null && channel.open) {
      try {
        return this.acted(await channel.act(action, version, key, policy));
      } catch (failure) {
        if (!(failure instanceof SocketUnavailable)) {
          this.learnVersion(failure);
          throw failure;
        }
      }
    }
    const resends = new ActionResends(policy);
    for (; ; ) {
      try {
        const result = unwrap(
          await attempt(
            () => this.client.POST("/matches/{match_id}/actions", {
              params: { path: this.path, header: { "If-Match": String(version), "Idempotency-Key": key } },
              body: action,
              signal: this.connection.deadline()
            })
          )
        );
        return this.acted(result);
      } catch (failure) {
        const wait = resends.waitBeforeResend(failure);
        if (wait === null) {
          this.learnVersion(failure);
          throw typed(failure);
        }
        await sleep(wait);
      }
    }
  }
  /** Leave the match: with two players the other wins, with more the server plays this seat on. */
  async resign() {
    const seen = await this.connection.call(
      () => this.client.POST("/matches/{match_id}/resign", { params: { path: this.path }, signal: this.connection.deadline() }),
      false
    );
    return this.saw(seen);
  }
  /**
   * Resolves `true` once this seat may act, `false` if it never will again (the match is over, or
   * the seat left). Long-polls the seat view (`?wait=` with `If-None-Match`: the server answers as
   * soon as the match moves on), so it never polls in between; `WaitTimeoutError` after `timeout` s.
   */
  async waitForTurn(options = {}) {
    const timeout = options.timeout ?? 300;
    const wait = options.wait ?? 30;
    const giveUpAt = monotonicSeconds() + timeout;
    const known = this.lastView;
    const waitFromKnown = known !== null && known.version === this.version && turnOutcome(known, this.seat) === null;
    let seen = waitFromKnown ? known : await this.view();
    for (; ; ) {
      const outcome = turnOutcome(seen, this.seat);
      if (outcome !== null) return outcome;
      const remaining = giveUpAt - monotonicSeconds();
      if (remaining <= 0) {
        throw new WaitTimeoutError(NO_ANSWER, "client/wait_timeout", `seat ${this.seat} waited ${timeout} s for its turn`);
      }
      seen = await this.viewAfter(seen.version, Math.min(wait, remaining)) ?? seen;
    }
  }
  /**
   * This seat's decisions, one `Turn` each, until the match is over.
   *
   * Follows the seat stream from the setup's events on (one long-lived request, resumed after a
   * drop): each turn carries the events the seat saw since its previous one, and the stream ends
   * its catch-up with the seat's pending turn. Act on each turn with `turn.act(action)` before
   * asking for the next; a turn that another move overtook (a timeout, a simultaneous move) answers
   * its `act` with a typed refusal, and the next turn follows. `legalLimit` (0-1000, default 100)
   * bounds the legal actions a turn carries: all of them, or a uniform sample drawn as the offline
   * environments draw it. `transport: "ws"` reads the turns from the seat socket and acts on them
   * over it: one connection for the whole match instead of a request per move (`"auto"`: where a
   * socket opens).
   */
  turns(options = {}) {
    return new TurnLoop((loop) => this.turnItems(loop, options));
  }
  async *turnItems(loop, options) {
    let pending = [];
    let lastTurn = -1;
    const transport = options.transport ?? "sse";
    for await (const event of this.stream({ after: -1, legalLimit: options.legalLimit, transport })) {
      if (event.type === "event") {
        pending.push(event.data);
      } else if (event.type === "turn" && event.version > lastTurn) {
        const turn = this.turnOf(event.data, pending);
        lastTurn = turn.version;
        pending = [];
        yield turn;
      } else if (event.type === "match_over") {
        loop.ending = { version: event.version, status: event.data.status, result: event.data.result, events: pending };
      }
    }
  }
  /**
   * Play until the match ends, asking `choose` for each action; resolves to the final view. A move
   * that another overtook (stale version, not this seat's turn, too late) waits for the next turn;
   * an illegal one rejects with `IllegalActionError` (call `play` again to go on). `transport` as
   * for `turns`.
   */
  async play(choose, options = {}) {
    for await (const turn of this.turns(options)) {
      if (turn.actions.length === 0) continue;
      try {
        await turn.act(await choose(turn));
      } catch (error) {
        if (!wasOvertaken(error)) throw error;
      }
    }
    return this.view();
  }
  /** An item of the seat's stream, typed (a turn's view checked to be of the seat's game). */
  checkedItem(event) {
    const typedEvent = event;
    if (typedEvent.type === "turn") checkedGame(typedEvent.data.view, this.game);
    return typedEvent;
  }
  /** An action's answer, checked to be of the seat's game, taken as the seat's latest view. */
  acted(result) {
    const moved = checkedGame(result, this.game);
    this.saw(viewOfMove(moved));
    return moved;
  }
  turnOf(event, events) {
    const view = this.saw(event.view);
    const actions = this.ownActions(event.legal_actions.actions);
    return new Turn(this, event.version, view, actions, event.legal_actions.total, events, event.deadline);
  }
  /** The seat view once the match has moved past `version` (`null`: still there after `wait` s). */
  async viewAfter(version, wait) {
    const seen = await this.connection.callAllowing304(
      () => this.client.GET("/matches/{match_id}/view", {
        params: { path: this.path, query: { wait }, header: { "If-None-Match": `"${version}"` } },
        signal: this.connection.deadline(wait)
      })
    );
    return seen === null ? null : this.saw(seen);
  }
  /** Actions the server listed for this seat, checked to be of its game when it knows it. */
  ownActions(actions) {
    return this.game === null ? actions : actionsOf(actions, this.game);
  }
  /** A refusal that names the current version (a stale one) sets the version to act at. */
  learnVersion(failure) {
    if (failure instanceof ArenaError) {
      const current = failure.details["current_version"];
      if (typeof current === "number") this.version = current;
    }
  }
  /** Remember `seen` as the latest view and its version as the one to act at. */
  saw(seen) {
    checkedGame(seen, this.game);
    this.version = seen.version;
    this.lastView = seen;
    return seen;
  }
};

// src/arena.ts
var Arena = class {
  baseUrl;
  connection;
  client;
  /**
   * `baseUrl`: the server, e.g. `http://127.0.0.1:8000`. `options`: per-request `timeout` (s), how
   * long calls retry (`retryFor`, `retryPause`, `maxRateLimitWait`), a `fetch` of your own, headers.
   */
  constructor(baseUrl, options = {}) {
    this.connection = new Connection(baseUrl, options);
    this.baseUrl = this.connection.baseUrl;
    this.client = this.connection.client();
  }
  /** Every game the server has, with its options, bots and player counts. */
  async games() {
    return (await this.connection.call(() => this.client.GET("/games", { signal: this.connection.deadline() }))).games;
  }
  /** One game's catalogue entry (`NotFoundError` for an unknown id). */
  async game(gameId) {
    return this.connection.call(
      () => this.client.GET("/games/{game_id}", { params: { path: { game_id: gameId } }, signal: this.connection.deadline() })
    );
  }
  /**
   * Create a match; hand each `seats[i].token` of the answer to the program that plays that seat.
   *
   * `seats` has one entry per seat: `{name}` (its token is returned now), `{bot: "greedy"}` (the
   * server plays it) or `{open: true}` (anyone may `join`). Sent with an `Idempotency-Key`, so a
   * retry after a dropped connection creates one match.
   */
  async createMatch(body) {
    const key = this.connection.newKey();
    const created = await this.connection.call(
      () => this.client.POST("/matches", {
        body,
        params: { header: { "Idempotency-Key": key } },
        signal: this.connection.deadline()
      })
    );
    checkedGame(created.match, body.game);
    return created;
  }
  /** A seat for each player seat of a match just created (`seats[i]` plays `created.seats[i].seat`). */
  seats(created) {
    return created.seats.map((seat) => this.seat(created.match.match_id, seat.token, created.match.game));
  }
  /** Take an open seat (the first one, or `body.seat`) and play it; `MatchFullError` if none is left. */
  async join(matchId, body = {}, game) {
    const joined = await this.connection.call(
      () => this.client.POST("/matches/{match_id}/join", {
        params: { path: { match_id: matchId } },
        body,
        signal: this.connection.deadline()
      }),
      false
    );
    return this.seat(matchId, joined.token, game);
  }
  /**
   * A page of matches, newest first; pass its `next_cursor` as `cursor` for the next one.
   * `updatedWithin`: only matches whose last version is at most that many seconds old.
   */
  async listMatches(options = {}) {
    const { updatedWithin, ...rest } = options;
    const query = { ...rest, updated_within: updatedWithin };
    return this.connection.call(
      () => this.client.GET("/matches", { params: { query }, signal: this.connection.deadline() })
    );
  }
  /** The match as a spectator sees it (with `game`, checked to be of that game). */
  async match(matchId, game) {
    const match = await this.connection.call(
      () => this.client.GET("/matches/{match_id}", {
        params: { path: { match_id: matchId } },
        signal: this.connection.deadline()
      })
    );
    return checkedGame(match, game ?? null);
  }
  /** A finished or aborted match's public view right after `version`, rebuilt by the server. */
  async matchVersion(matchId, version) {
    return this.connection.call(
      () => this.client.GET("/matches/{match_id}/versions/{version}", {
        params: { path: { match_id: matchId, version } },
        signal: this.connection.deadline()
      })
    );
  }
  /** The match's webhook as its host sees it: how far it delivered, its attempts and dead letters. */
  async matchWebhook(matchId, hostToken) {
    const host = this.connection.client(hostToken);
    return this.connection.call(
      () => host.GET("/matches/{match_id}/webhook", { params: { path: { match_id: matchId } }, signal: this.connection.deadline() })
    );
  }
  /** End the match with no result, as its host (`CreatedMatch.host_token`). */
  async abort(matchId, hostToken) {
    const host = this.connection.client(hostToken);
    const match = await this.connection.call(
      () => host.POST("/matches/{match_id}/abort", { params: { path: { match_id: matchId } }, signal: this.connection.deadline() }),
      false
    );
    return match;
  }
  /** A finished or aborted match's record: seats, seed and salt, each version's action, the result. */
  async record(matchId) {
    const record = await this.connection.call(
      () => this.client.GET("/matches/{match_id}/record", {
        params: { path: { match_id: matchId } },
        signal: this.connection.deadline()
      })
    );
    return record;
  }
  /**
   * A finished or aborted match's record as text a player reads, as PGN is for chess: a header of tag
   * pairs (the game, the seats, the options, the seed, the result and how the match ended), then one
   * line per version in words (`GET /matches/{id}/record?format=text`).
   */
  async matchRecordText(matchId) {
    return this.connection.call(
      () => this.client.GET("/matches/{match_id}/record", {
        params: { path: { match_id: matchId }, query: { format: "text" } },
        parseAs: "text",
        signal: this.connection.deadline()
      })
    );
  }
  /**
   * Version `version` of a record's match as a spectator saw it: the server checks the whole record
   * first (422 `record/invalid` for one that does not check out) and stores nothing.
   */
  async recordVersion(record, version) {
    return this.connection.call(
      () => this.client.POST("/records/versions/{version}", {
        params: { path: { version } },
        body: record,
        signal: this.connection.deadline()
      })
    );
  }
  /** A page of the public event log after version `after` (-1: from the setup). */
  async events(matchId, options = {}) {
    const query = { after: options.after ?? -1, limit: options.limit ?? 100 };
    return this.connection.call(
      () => this.client.GET("/matches/{match_id}/events", {
        params: { path: { match_id: matchId }, query },
        signal: this.connection.deadline()
      })
    );
  }
  /**
   * The public events of the match as they happen, then `match_over`. Starts after version `after`
   * (0: from the first move; default: where the match stands now) and resumes with `Last-Event-ID`
   * after a drop, for up to `retryFor` seconds without an event (default: the arena's `retryFor`).
   */
  async *stream(matchId, options = {}) {
    const events = followStream(
      ({ lastEventId, after }, signal) => this.client.GET("/matches/{match_id}/stream", {
        params: {
          path: { match_id: matchId },
          query: { after },
          header: lastEventId === null ? {} : { "Last-Event-ID": lastEventId }
        },
        parseAs: "stream",
        signal
      }),
      { ...this.connection.policy, retryFor: options.retryFor ?? this.connection.policy.retryFor, after: options.after }
    );
    for await (const event of events) yield event;
  }
  /**
   * Play one seat of a match with its token (`InvalidTokenError` at once for a malformed one). With
   * `game`, the seat checks that the match is of that game and its types narrow to it.
   */
  seat(matchId, token, game) {
    return new Seat(this.connection, matchId, token, game ?? null);
  }
};

// src/webhooks.ts
var DEFAULT_TOLERANCE_SECONDS = 300;
var TIMESTAMP = /^[0-9]{1,12}$/;
var HEX = /^(?:[0-9a-fA-F]{2})+$/;
async function verifySignature(secret, header, body, options = {}) {
  if (!header) return false;
  let timestamp;
  const signatures = [];
  for (const part of header.split(",")) {
    const [name, value = ""] = splitOnce(part.trim(), "=");
    if (name === "t") timestamp = value;
    else if (name === "v1" && HEX.test(value)) signatures.push(fromHex(value));
  }
  if (timestamp === void 0 || !TIMESTAMP.test(timestamp) || signatures.length === 0) return false;
  const tolerance = options.tolerance === void 0 ? DEFAULT_TOLERANCE_SECONDS : options.tolerance;
  const now = options.now ?? Date.now() / 1e3;
  if (tolerance !== null && Math.abs(now - Number(timestamp)) > tolerance) return false;
  const encoder = new TextEncoder();
  const prefix = encoder.encode(`${timestamp}.`);
  const content = typeof body === "string" ? encoder.encode(body) : body;
  const signed = new Uint8Array(prefix.length + content.length);
  signed.set(prefix);
  signed.set(content, prefix.length);
  const subtle = await webCrypto();
  const key = await subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "verify"
  ]);
  for (const signature of signatures) {
    if (await subtle.verify("HMAC", key, signature, signed)) return true;
  }
  return false;
}
function splitOnce(text, separator) {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + separator.length)];
}
function fromHex(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
async function webCrypto() {
  const global = globalThis.crypto;
  if (global?.subtle) return global.subtle;
  const specifier = "node:crypto";
  const node = await import(specifier);
  return node.webcrypto.subtle;
}
export {
  ActionTooLateError,
  Arena,
  ArenaError,
  AuthError,
  ConflictError,
  ConnectionFailedError,
  DEFAULT_LEGAL_LIMIT,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TOLERANCE_SECONDS,
  ERROR_CLASSES,
  EVENT_KINDS,
  IdempotencyKeyReusedError,
  IdempotencyMismatchError,
  IllegalActionError,
  InvalidRequestError,
  InvalidTokenError,
  MAX_LEGAL_LIMIT,
  MalformedActionError,
  MatchFullError,
  MatchNotOverError,
  MatchOverError,
  MatchQuotaError,
  MatchWaitingError,
  NO_ANSWER,
  NotFoundError,
  NotHostError,
  NotInvitedError,
  NotYourTurnError,
  RateLimitedError,
  Seat,
  SeatOutError,
  ServerError,
  SseParser,
  StaleVersionError,
  StoreFullError,
  StoreUnavailableError,
  TournamentQuotaError,
  Turn,
  TurnLoop,
  UnexpectedResponseError,
  UnknownBotError,
  WaitTimeoutError,
  WrongGameError,
  WrongTokenError,
  actionsOf,
  actionsOfType,
  errorClassOfStatus,
  errorFor,
  eventsOf,
  isActionOf,
  isGame,
  retryAfterSeconds,
  seatOfToken,
  socketUrl,
  turnOutcome,
  verifySignature,
  viewOf
};
