// Generated from sdk/typescript/openapi.json by sdk/typescript/generate.mjs: do not edit by hand.
// Assay API 0.1.0
/* eslint-disable */

export interface paths {
  "/api/projects": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Create a project and its first admin key (operator: bootstrap token) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            /** team includes evaluations; free does not */
            plan?: "team" | "free";
            /** ML-compute credits (one per attempt) */
            credits?: number;
          };
        };
      };
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              project: components["schemas"]["Project"];
              api_key: string;
              key: components["schemas"]["ApiKey"];
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/projects/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change a project's plan or credits (operator: bootstrap token) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            name?: string;
            plan?: "team" | "free";
            evaluations_enabled?: boolean;
            credits?: number;
          };
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Project"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    trace?: never;
  };
  "/api/project": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** The project of the calling key, with its plan and credits */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Project"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/keys": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List the project's keys, newest first, without secrets */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["ApiKey"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /** Create an API key; the secret is in the response once */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            scopes: ("read" | "write" | "admin")[];
          };
        };
      };
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              key: components["schemas"]["ApiKey"];
              api_key: string;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/keys/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a key; it stops working at once */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["ApiKey"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/_io": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** D1, R2, queue and Durable Object operation counts, and the highest per-invocation counts under the edge's limits, since the last reset (?reset=true zeroes them) */
    get: {
      parameters: {
        query: {
          reset?: "true" | "false";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              d1_statements: number;
              d1_rows_written: number;
              d1_rows_read: number;
              r2_puts: number;
              queue_messages_sent: number;
              queue_send_calls: number;
              queue_messages_received: number;
              /** Requests the Worker made to Durable Objects, by class (calls between objects are not counted) */
              do_requests: {
                run_gate: number;
                call_lane: number;
                run_live: number;
              };
              /** The highest per-invocation counts under Cloudflare's limits (workers/edge/limits.ts): the most connections any invocation (a Durable Object counting as one) held at once, the most D1 queries and subrequests in one invocation; operations that waited for a connection and ones refused past a limit */
              edge: {
                max_connections: number;
                max_d1_queries: number;
                max_subrequests: number;
                queued_connections: number;
                refused: number;
                invocations: number;
              };
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/datasets/{name}/revisions": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Upload rows as a new immutable revision; the same content again returns the existing one */
    post: {
      parameters: {
        query: {
          version?: number;
        };
        header?: never;
        path: {
          name: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/x-ndjson": Blob | string;
          "application/jsonl": Blob | string;
          "application/x-jsonlines": Blob | string;
          "text/csv": Blob | string;
          "application/vnd.apache.parquet": Blob | string;
          "application/x-parquet": Blob | string;
          "application/zip": Blob | string;
          "application/x-zip-compressed": Blob | string;
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["DatasetRevision"];
          };
        };
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["DatasetRevision"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        413: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        415: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/datasets": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List the revisions the project sees (its own and global ones), newest first */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          name?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["DatasetRevision"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/datasets/{ref}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Read a revision by name@version (the project's own, else a global one) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          ref: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["DatasetRevision"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/datasets/{ref}/rows": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Page through a revision's rows in order */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path: {
          ref: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["DatasetRow"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/benchmarks/{id}/options": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** The run options a benchmark accepts, with defaults, bounds and allowed values */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["BenchmarkRunOptions"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/benchmarks/tasks": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Create a benchmark of Harbor tasks (instruction.md, task.toml, environment/, tests/, solution/) from a ZIP; its attempts run on an environment runner */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "multipart/form-data": {
            /** The benchmark's name, also its dataset's (letters, digits, '.', '_', '-') */
            name: string;
            description?: string;
            /** A ZIP of a Harbor task folder, or of a folder of them */
            file: Blob | string;
          };
        };
      };
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["TaskBenchmark"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        413: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/benchmarks": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** The catalog: built-ins and the project's custom benchmarks, newest id first */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          include_archived?: "0" | "1" | "true" | "false";
          category?: string;
          kind?: "inline" | "runner";
          project_id?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["Benchmark"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /** Create a custom benchmark over one of the project's dataset revisions */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateBenchmark"];
        };
      };
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Benchmark"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/benchmarks/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** One benchmark (own or built-in), archived or not */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Benchmark"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a custom benchmark no run has used; once used, archive it instead (409) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        204: {
          headers: { [name: string]: unknown };
          content?: never;
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/benchmarks/{id}/source": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** A built-in's pinned data: every file with its upstream URL, mirror path and digest (what `assay data pull` fetches) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["PinnedSource"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/benchmarks/{id}/archive": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Hide a custom benchmark from the catalog; past runs keep working (idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Benchmark"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/benchmarks/{id}/restore": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Bring an archived custom benchmark back into the catalog (idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Benchmark"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/profiles": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List the project's profiles, newest first */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          name?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["Profile"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /** Publish a profile version; the same name@version with the same content returns it (200), other content is 409 */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateProfile"];
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Profile"];
          };
        };
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Profile"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/profiles/by-ref": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** One profile by name@version (no URL-encoding of '/' needed) */
    get: {
      parameters: {
        query: {
          ref: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Profile"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/profiles/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** One profile by id, or by name@version URL-encoded (team%2Feval%401) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Profile"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/estimate": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Estimate a draft run's model calls, tokens and cost from its rendered prompts and max_output_tokens, before it starts (nothing is created) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["EstimateEvalRun"];
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["RunEstimate"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List runs, newest first, optionally by status */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          status?: "draft" | "queued" | "running" | "completed" | "failed" | "cancelled";
          benchmark_id?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["EvalRun"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /** Create a draft run; the same request_id returns the same run */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CreateEvalRun"];
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["EvalRun"];
          };
        };
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["EvalRun"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        402: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** A run's configuration and status */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["EvalRun"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a draft or finished run (409 while queued or running: stop it first) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        204: {
          headers: { [name: string]: unknown };
          content?: never;
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Edit a draft (409 once queued): a given target replaces the old one; options merge by top-level key */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PatchEvalRun"];
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["EvalRun"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    trace?: never;
  };
  "/api/eval-runs/{id}/copy": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Copy a run's configuration into a new draft, without any key */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["EvalRun"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        402: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/start": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Start a draft: it is queued for execution (402 without evaluations or credits) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        202: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["EvalRun"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        402: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/stop": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Stop a queued or running run; stopping a cancelled run changes nothing */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["EvalRun"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/rescore": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Re-score a finished run's stored outputs with another scoring spec, as a new started run linked to it */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RescoreEvalRun"];
        };
      };
      responses: {
        202: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["EvalRun"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        402: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/imports": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Import another harness's results (promptfoo, Inspect, lm-eval, a SWE-bench submission, Harbor trials, τ²-bench, τ-bench) as datasets, benchmarks and a started outputs run */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "multipart/form-data": {
            /** promptfoo (results JSON), inspect (.json or .eval log), lm-eval (samples_<task>_<date>.jsonl), swebench (a submission's ZIP: logs/<instance_id>/ and results/results.json), harbor (a ZIP of trial directories or a job directory), tau2 (Results JSON (info, tasks, simulations), each simulation replayed) or tau-bench (historical trajectories JSON (a list of episodes), each replayed) */
            format: "promptfoo" | "inspect" | "lm-eval" | "swebench" | "harbor" | "tau2" | "tau-bench";
            /** Names the tasks revision (`name`), the outputs revision (`name-outputs`) and the benchmark(s) */
            name: string;
            /** The result file; lm-eval: one or more samples files (repeat the field) */
            file: Blob | string;
            /** lm-eval only: the run's results_<date>.json, whose aggregates are the stated scores */
            results?: Blob | string;
          };
        };
      };
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Import"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        413: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/resume": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Resume a stopped or finished run (or one stuck after a restart): only attempts without a reward run again */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        202: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              id: string;
              status: string;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        402: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/progress": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** How far a run is: status, terminal and total attempts, counts by status */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["RunProgress"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/logs": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** The run's log, oldest first: started, retries, errors, finished; credentials scrubbed */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: ({
                id: number;
                at: string;
                level: string;
                event: string;
                attempt_seq: number | null;
                message: string;
              })[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/timeline": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** The run's execution over time: in-flight limit, calls in flight, throughput, latency percentiles, 429 and 5xx rates */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["RunTimeline"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/overview": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Per benchmark and target: summary tiles, reward and dimension distributions with their attempts, token usage, timing by phase */
    get: {
      parameters: {
        query: {
          include_errored?: "true" | "false";
          points?: number;
          strips?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["RunOverview"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/history/scores": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Score over time per benchmark and target across the project's completed runs, newest run first */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          benchmark_id?: string;
          model?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["ScoreHistoryPoint"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/scores": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Per benchmark and target: status, error, score, pass, pass@k, pass^k, coverage, intervals, subsets, previous run, A/B */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["RunScores"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/metrics": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** pass@j and pass^j for j = 1..n per benchmark and target (unbiased estimators, equal member weight) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              run_id: string;
              missing_policy: "unknown" | "as_failure";
              curves: (components["schemas"]["PassCurve"])[];
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/samples": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Per attempt, in task order: task, attempt index, status, reward, output, expected answer, reason, error */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          benchmark_id?: string;
          target?: "a" | "b";
          filter?: "passed" | "failed" | "missing" | "invalid";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["Sample"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/tasks": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Per-task breakdown of one benchmark: each task's score on each target and the A/B difference, in task order */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          benchmark_id: string;
          target?: "a" | "b";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["TaskResult"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/compare": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Two or more results of the same benchmarks side by side (the first is the baseline): scores with intervals, the paired test per benchmark and subset, and how many tasks regressed */
    get: {
      parameters: {
        query: {
          runs: string;
          benchmark_id?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Compare"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/compare/tasks": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** The per-task diff of one benchmark between a baseline and a candidate: regressions first (largest drop first), then improvements, unchanged and missing, each with both sides' attempts and outputs */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          baseline: string;
          candidate: string;
          benchmark_id: string;
          change?: "regression" | "improvement" | "unchanged" | "missing";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              counts: {
                regression: number;
                improvement: number;
                unchanged: number;
                missing: number;
              };
              items: (components["schemas"]["CompareTask"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/export": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Download a standalone report of the run (Markdown or self-contained HTML); a copy is kept in R2 */
    get: {
      parameters: {
        query: {
          format?: "md" | "html";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "text/markdown": string;
            "text/html": string;
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/live": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Follow the run's live deltas: a WebSocket (Upgrade: websocket) or Server-Sent Events (Accept: text/event-stream) */
    get: {
      parameters: {
        query: {
          after_seq?: string;
          ticket?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        101: {
          headers: { [name: string]: unknown };
          content?: never;
        };
        200: {
          headers: { [name: string]: unknown };
          content: {
            "text/event-stream": string;
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/live-ticket": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** A ticket to follow the run from a browser: pass it as ?ticket= to GET .../live within 60 s */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["LiveTicket"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/eval-runs/{id}/live-set": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** The run's live attempts with their phase and counts; an unchanged set answers 304 to If-None-Match */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["LiveSet"];
          };
        };
        304: {
          headers: { [name: string]: unknown };
          content?: never;
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/runner/attempts/{id}/events": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Post an agent attempt's events: phase changes, committed turns, previews of requests in flight */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            events: ({
              kind: "phase";
              phase: "boot" | "setup" | "agent" | "verify" | "finalize" | "scoring";
            } | ({
              kind: "turn";
              messages: ({
                role: "system" | "user" | "assistant" | "tool" | "developer";
                content?: string | (unknown)[] | null;
                name?: string;
                tool_calls?: ({
                  id: string;
                  type?: string;
                  function: {
                    name: string;
                    arguments: string;
                  } & { [key: string]: unknown };
                } & { [key: string]: unknown })[];
                tool_call_id?: string;
              } & { [key: string]: unknown })[];
              model?: string | null;
              usage?: {
                input_tokens?: number | null;
                output_tokens?: number | null;
              } | null;
              latency_ms?: number | null;
              reward?: number | null;
            }) | ({
              kind: "preview";
              messages: ({
                role: "system" | "user" | "assistant" | "tool" | "developer";
                content?: string | (unknown)[] | null;
                name?: string;
                tool_calls?: ({
                  id: string;
                  type?: string;
                  function: {
                    name: string;
                    arguments: string;
                  } & { [key: string]: unknown };
                } & { [key: string]: unknown })[];
                tool_call_id?: string;
              } & { [key: string]: unknown })[];
            }))[];
          };
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              accepted: number;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        413: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/runner/attempts/{id}/artifacts/{name}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    /** Upload an artifact of an agent attempt (raw body, its Content-Type kept; at most 10485760 bytes, 100 per attempt) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          name: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/octet-stream": Blob | string;
        };
      };
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Artifact"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        413: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/runner/attempts/{id}/result": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Report an agent attempt's verifier result; ends the attempt (once) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            reward: number | null;
            structured?: ({
              composite?: number;
              dimensions?: { [key: string]: number };
              judge_summary?: string;
            } & { [key: string]: unknown }) | null;
            exit_code?: number | null;
            error?: string | null;
            output?: string | null;
            turns?: number | null;
          };
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              attempt_id: string;
              status: string;
              reward: number | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        413: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/trials/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** One attempt: status, reward, structured result, exit code, error, tokens, cost, latency, timings */
    get: {
      parameters: {
        query: {
          include_reward_components?: "true" | "false";
          include_steps?: "true" | "false";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Trial"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/trials/{id}/trajectory": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** A trial's trajectory in ATIF (Harbor's format): its messages, tool calls and their results as steps, usage as metrics */
    get: {
      parameters: {
        query: {
          format?: "atif";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["AtifTrajectory"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/trials/{id}/steps": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Page a trial's steps (one per model call; each holds the conversation so far, so the last is the whole transcript) */
    get: {
      parameters: {
        query: {
          start_step_index?: number | null;
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["StepsPage"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/trials/{id}/artifacts": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List a trial's artifacts (files its runner uploaded), by name */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["Artifact"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/trials/{id}/artifacts/{name}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Download one artifact, byte for byte, with its content type */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          name: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/octet-stream": Blob | string;
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/leaderboard/entries": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Submit a finished run: each of its benchmarks and targets joins its board; submitting again returns the saved snapshot */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            run_id: string;
          };
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["LeaderboardSubmission"];
          };
        };
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["LeaderboardSubmission"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        409: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/leaderboard": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** The project's boards of submitted runs, newest first, each with its top rows */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          benchmark_id?: string;
          top?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["LeaderboardBoardTop"])[];
              next_cursor: string | null;
              /** How equal scores are ordered */
              tie_break: string;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/leaderboard/boards/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** One board and its submitted entries in rank order */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              board: components["schemas"]["LeaderboardBoard"];
              rows: (components["schemas"]["LeaderboardEntry"])[];
              next_cursor: string | null;
              /** How equal scores are ordered */
              tie_break: string;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/leaderboard/runs": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Every completed run ranked within its board (comparable results only), by benchmark and board */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          benchmark_id?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["RankedRun"])[];
              next_cursor: string | null;
              /** How equal scores are ordered */
              tie_break: string;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/alerts/settings": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** The project's drift settings */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["DriftSettings"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    /** Set the smallest drop worth an alert (default 0.02); applies to runs that finish from now on */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            min_drop: number;
          };
        };
      };
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["DriftSettings"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/alerts": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** Drift alerts, newest first */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
          status?: "open" | "acked" | "all";
          run_id?: string;
          benchmark_id?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["DriftAlert"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/alerts/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** One drift alert */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["DriftAlert"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/alerts/{id}/ack": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** Acknowledge an alert; acknowledging again keeps the first time */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["DriftAlert"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List the project's webhook subscriptions, newest first */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["Webhook"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /** Subscribe a URL to events; the signing secret (whsec_...) is in this response only */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            url: string;
            /** Any of run.completed, run.failed, run.cancelled, drift.detected */
            events: ("run.completed" | "run.failed" | "run.cancelled" | "drift.detected")[];
            description?: string;
          };
        };
      };
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              webhook: components["schemas"]["Webhook"];
              secret: string;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** A webhook subscription */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Webhook"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a subscription and its delivery log; pending deliveries are not sent */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        204: {
          headers: { [name: string]: unknown };
          content?: never;
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/webhooks/{id}/deliveries": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** A subscription's deliveries, newest first, with each try's outcome */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["WebhookDelivery"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/triggers": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List the project's triggers, newest first */
    get: {
      parameters: {
        query: {
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              items: (components["schemas"]["Trigger"])[];
              next_cursor: string | null;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    /** Create a trigger: a run template and a signing secret; signed calls to its URL start runs */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            name: string;
            /** An eval-run create body (without request_id); keys in it are sealed */
            run_template: {
              display_name?: string;
              benchmarks: (string)[];
              target: {
                kind: "model";
                provider: "openai" | "anthropic";
                base_url: string;
                model: string;
                /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
                api_key?: string | null;
                params?: { [key: string]: unknown };
                price?: {
                  input_per_mtok: number;
                  output_per_mtok: number;
                };
                name?: string;
              } | {
                kind: "agent";
                runner_url: string;
                profile: string;
                params?: { [key: string]: unknown };
                name?: string;
              } | {
                kind: "outputs";
                dataset: string;
                key_column?: string;
                output_column: string;
                attempt_column?: string;
                name?: string;
              };
              compare_target?: {
                kind: "model";
                provider: "openai" | "anthropic";
                base_url: string;
                model: string;
                /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
                api_key?: string | null;
                params?: { [key: string]: unknown };
                price?: {
                  input_per_mtok: number;
                  output_per_mtok: number;
                };
                name?: string;
              } | {
                kind: "agent";
                runner_url: string;
                profile: string;
                params?: { [key: string]: unknown };
                name?: string;
              } | {
                kind: "outputs";
                dataset: string;
                key_column?: string;
                output_column: string;
                attempt_column?: string;
                name?: string;
              } | null;
              judge?: {
                provider: "openai" | "anthropic";
                base_url: string;
                model: string;
                /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
                api_key?: string | null;
              } | null;
              options?: {
                attempts?: number;
                sample_limit?: number;
                select?: {
                  split?: string;
                  subsets?: (string)[];
                  include?: (string)[];
                  exclude?: (string)[];
                  shuffle?: boolean;
                  seed?: number;
                  skip?: number;
                  limit?: number;
                };
                few_shot?: number;
                temperature?: number;
                top_p?: number;
                max_output_tokens?: number;
                timeout_s?: number;
                concurrency?: number | {
                  min: number;
                  max: number;
                };
                missing_policy?: "unknown" | "as_failure";
                mc_mode?: "generate" | "loglikelihood";
                per_benchmark?: { [key: string]: {
                    sample_limit?: number;
                    few_shot?: number;
                    subsets?: (string)[];
                    attempts?: number;
                    select?: {
                      split?: string;
                      subsets?: (string)[];
                      include?: (string)[];
                      exclude?: (string)[];
                      shuffle?: boolean;
                      seed?: number;
                      skip?: number;
                      limit?: number;
                    };
                    temperature?: number;
                    top_p?: number;
                    max_output_tokens?: number;
                    mc_mode?: "generate" | "loglikelihood";
                    release_window?: {
                      start?: string;
                      end?: string;
                    };
                  } };
                budget?: {
                  max_cost_usd?: number;
                  max_input_tokens?: number;
                  max_output_tokens?: number;
                };
                cache?: "off" | "read_write" | "read_only";
                cache_ttl_days?: number;
                batch?: boolean;
                user_model?: {
                  provider: "openai" | "anthropic";
                  base_url: string;
                  model: string;
                  /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
                  api_key?: string | null;
                  params?: { [key: string]: unknown };
                };
              };
            };
            /** whsec_<base64>; generated when omitted. Returned once. */
            secret?: string;
          };
        };
      };
      responses: {
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": {
              trigger: components["schemas"]["Trigger"];
              secret: string;
              url: string;
            };
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/triggers/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** A trigger, without its secret */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["Trigger"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a trigger; its URL stops working at once (runs it started stay) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        204: {
          headers: { [name: string]: unknown };
          content?: never;
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/hooks/{trigger_id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    /** A signed call (Standard Webhooks) that creates and starts a run from the trigger's template */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          trigger_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["TriggeredRun"];
          };
        };
        201: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["TriggeredRun"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        402: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        413: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/cache": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post?: never;
    /** Delete the project's cached model responses, so the next read_write run calls the model again */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: {
            "application/json": components["schemas"]["ClearedCache"];
          };
        };
        400: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        401: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        403: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        404: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
        422: {
          headers: { [name: string]: unknown };
          content: {
            "application/problem+json": components["schemas"]["Problem"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

export interface components {
  schemas: {
    Project: {
      id: string;
      name: string;
      plan: "team" | "free";
      evaluations_enabled: boolean;
      credits: number;
      created_at: string;
    };
    ApiKey: {
      id: string;
      name: string;
      /** The key's first characters, to recognise it; never the secret */
      prefix: string;
      scopes: ("read" | "write" | "admin")[];
      created_at: string;
      last_used_at: string | null;
      revoked_at: string | null;
    };
    Problem: {
      type: string;
      title: string;
      status: number;
      detail: string;
      code: string;
      errors?: ({
        field: string;
        message: string;
      })[];
    };
    DatasetRevision: {
      id: string;
      /** name@version, how benchmarks and runs name it */
      ref: string;
      name: string;
      version: number;
      /** sha256 over the row digests in order */
      digest: string;
      row_count: number;
      /** In first-seen order */
      columns: (components["schemas"]["DatasetColumn"])[];
      /** Distinct values of the `split` column */
      splits: (string)[];
      /** Distinct values of the `subset`, else `subject`, else `category` column */
      subsets: (string)[];
      format: "jsonl" | "csv" | "parquet";
      /** Size of the upload as received */
      size_bytes: number;
      /** Where a built-in revision was loaded from */
      source: string | null;
      created_at: string;
      /** A built-in revision every project sees */
      global: boolean;
    };
    DatasetColumn: {
      name: string;
      /** JSON kind of the non-null values */
      type: "string" | "number" | "boolean" | "object" | "array" | "null" | "mixed";
    };
    DatasetRow: {
      /** 0-based position */
      index: number;
      /** The id, key or task_id value when unique, else row-<index+1> */
      key: string;
      /** sha256 of the canonical JSON of data (the task digest) */
      digest: string;
      split: string | null;
      subset: string | null;
      data: { [key: string]: unknown };
    };
    BenchmarkRunOptions: {
      benchmark_id: string;
      /** Every option a run accepts; any other key is a 422 */
      options: (components["schemas"]["RunOptionSpec"])[];
    };
    RunOptionSpec: {
      /** The key in options (dotted for a nested field: select.limit) */
      name: string;
      /** integer, number, boolean, string, array or object */
      type: string;
      /** Used when the option is omitted; absent when omitting means not applied */
      default?: unknown;
      minimum?: number;
      maximum?: number;
      exclusive_minimum?: number;
      /** The values accepted, for an enumeration or a benchmark's subsets */
      allowed?: (unknown)[];
      description: string;
      fields?: (components["schemas"]["RunOptionField"])[];
    };
    RunOptionField: {
      /** The key in options (dotted for a nested field: select.limit) */
      name: string;
      /** integer, number, boolean, string, array or object */
      type: string;
      /** Used when the option is omitted; absent when omitting means not applied */
      default?: unknown;
      minimum?: number;
      maximum?: number;
      exclusive_minimum?: number;
      /** The values accepted, for an enumeration or a benchmark's subsets */
      allowed?: (unknown)[];
      description: string;
      fields?: (components["schemas"]["RunOptionLeaf"])[];
    };
    RunOptionLeaf: {
      /** The key in options (dotted for a nested field: select.limit) */
      name: string;
      /** integer, number, boolean, string, array or object */
      type: string;
      /** Used when the option is omitted; absent when omitting means not applied */
      default?: unknown;
      minimum?: number;
      maximum?: number;
      exclusive_minimum?: number;
      /** The values accepted, for an enumeration or a benchmark's subsets */
      allowed?: (unknown)[];
      description: string;
    };
    TaskBenchmark: {
      benchmark: components["schemas"]["Benchmark"];
      /** The tasks read, by name, in path order */
      tasks: (string)[];
    };
    Benchmark: {
      id: string;
      name: string;
      description: string;
      /** 'custom' for a project's own; a catalog group for built-ins */
      category: string | null;
      /** inline (one model call per sample) or runner (agent and code tasks) */
      kind: string;
      /** Whether a run can execute it here: runnable (Assay runs it), needs_runner (the run's target must be an agent runner), unavailable (no loadable data or scorer yet; a run of it fails) */
      status: "runnable" | "needs_runner" | "unavailable";
      /** Why the status is what it is, and what a user needs to run it (the detail page's long text) */
      status_detail: string;
      /** The status in one line, for a catalog card (e.g. 'Runs here on 1,319 tasks', 'Not runnable yet: its data is not bundled') */
      status_summary: string;
      /** Short labels of what a run of it needs, for a catalog card: 'judge model' (a judge set on the run), 'code sandbox' (ASSAY_SANDBOX_URL), 'agent runner' (an agent target), 'vision model' (a target that reads images), 'service credentials', or a benchmark's own (e.g. 'environment runner'); empty when a model target is enough */
      needs: (string)[];
      /** Global and owned by nobody; cannot be archived or deleted by a project */
      builtin: boolean;
      /** The dataset revision, name@version */
      dataset: string | null;
      split: string | null;
      prompt_column: string | null;
      prompt_template: string | null;
      answer_column: string | null;
      /** The scorer spec {type, ...} */
      scoring: { [key: string]: unknown };
      few_shot: number;
      subsets: (string)[];
      /** Rows the benchmark draws from: its revision's rows of its split and subsets */
      sample_size: number | null;
      /** The column giving a row's subset; null: the revision's own subset column */
      subset_column: string | null;
      /** The column whose image is sent with each prompt (an http(s) URL, a data URL, or a file stored with the revision: a ZIP upload's image or a built-in's); null: text only */
      image_column: string | null;
      archived: boolean;
      archived_at: string | null;
      /** A run has referenced it, so it can be archived but not deleted */
      used: boolean;
      created_at: string;
      /** Built-ins: what it measures, how it works, strengths, limitations, when to use, use cases */
      catalog: { [key: string]: unknown } | null;
    };
    PinnedSource: {
      benchmark_id: string;
      /** The global revision its data becomes, name@version */
      dataset: string;
      repository: string;
      commit: string;
      license: string;
      files: ({
        /** Where a mirror serves it (ASSAY_DATASET_BASE_URL + '/' + path) */
        path: string;
        /** The upstream URL at the pinned commit */
        url: string;
        /** Hex sha256 of its bytes; null when the files are pinned as a set (listing_sha256) or by md5 */
        sha256: string | null;
        /** Hex md5 of its bytes, where that is the digest its publisher states (VLMEvalKit's tables); null otherwise */
        md5: string | null;
        /** Its size as published; null when the publisher states none */
        bytes: number | null;
        format: string;
        /** For an archive: the member read, the password its publisher gives with it, and the member's own digest */
        member: {
          name: string;
          password: string | null;
          sha256: string;
          bytes: number;
          format: string;
        } | null;
      })[];
      /** When set, the files are pinned as a set: sha256 of the lines '<sha256> <path>\n' of every file, sorted by path */
      listing_sha256: string | null;
      images: {
        /** The data file's field naming each row's image path */
        column: string;
        /** Mirror path of an image: this prefix and its path */
        path_prefix: string;
        /** Upstream URL of an image: this prefix and its path */
        url_prefix: string;
        media_type: string;
        count: number;
        bytes: number;
        /** sha256 of the lines '<sha256> <path>\n' of every image, sorted by path */
        listing_sha256: string;
      } | null;
      /** When set, a whole folder pinned by its git tree id: the data itself when files is empty, else loaded after the files (its origin is in raw_url_prefix) */
      git_tree: {
        /** The folder's git tree id at the commit: its listing must rebuild it, and each file hash to the blob id the listing gives */
        tree: string;
        /** The folder's path in the repository (empty for its root) */
        folder: string;
        /** GitHub's recursive listing of the tree */
        listing_url: string;
        /** Upstream URL of a file: this prefix and its path in the folder */
        raw_url_prefix: string;
        /** Where a mirror serves the folder as one tar archive */
        archive_path: string;
        files: number;
        bytes: number;
      } | null;
      notes: string;
    };
    CreateBenchmark: {
      name: string;
      description?: string;
      /** A dataset revision of the project, name@version */
      dataset: string;
      /** One of the revision's splits; all rows when absent */
      split?: string | null;
      /** The column holding the prompt; or give prompt_template */
      prompt_column?: string | null;
      /** Prompt text with {column} placeholders ({{ and }} for literal braces); or give prompt_column */
      prompt_template?: string | null;
      /** The column holding the expected answer */
      answer_column: string;
      /** contains, exact_match, regex (pattern), numeric (mode strict|flexible), multiple_choice (answer letter; choices from an `options` or `choices` column), llm_judge (criteria) or code_execution (language python; test_column, entry_point_column, optional prompt_column and setup_column, harness humaneval|mbpp, timeout_s, memory_mb: the reply's code runs with the row's tests in the code sandbox, ASSAY_SANDBOX_URL) */
      scoring: {
        type: "contains";
        ignore_case?: boolean;
      } | {
        type: "exact_match";
      } | {
        type: "regex";
        pattern: string;
        group?: number;
        flags?: string;
      } | {
        type: "numeric";
        mode?: "strict" | "flexible";
      } | {
        type: "multiple_choice";
        extraction?: "flexible" | "mmlu_pro" | "simple_evals" | "first_letter";
        loglikelihood?: {
          headline?: "acc" | "acc_norm";
          continuation?: "option_text" | "letter";
        };
      } | {
        type: "llm_judge";
        criteria: string;
      } | {
        type: "code_execution";
        language?: "python";
        harness?: "humaneval" | "mbpp";
        prompt_column?: string;
        test_column: string;
        entry_point_column?: string;
        setup_column?: string;
        reference_column?: string;
        oracle_column?: string;
        contract_column?: string;
        timeout_s?: number;
        memory_mb?: number;
      };
      few_shot?: number;
      subsets?: (string)[];
      /** The column whose value is a row's subset (default: the revision's subset, subject or category column) */
      subset_column?: string;
      /** A column whose value is an image sent with each prompt: an http(s) URL (passed to the endpoint, which fetches it) or a data URL (data:image/png|jpeg|gif|webp;base64,...) or a revision file {file, sha256, media_type, bytes} the revision stores (what a ZIP upload makes of a cell naming an image in the archive); every row's value is checked (422 naming the rows otherwise). The target must accept images */
      image_column?: string;
    };
    Profile: {
      id: string;
      name: string;
      version: string;
      /** name@version */
      ref: string;
      params: { [key: string]: unknown };
      /** The secret parameters' names; their values are never returned */
      secret_params: { [key: string]: {
          set: true;
        } };
      /** HMAC of params and secret params: equal content, equal digest */
      content_digest: string;
      created_at: string;
    };
    CreateProfile: {
      name: string;
      version: string;
      /** Parameters the target or runner reads, as a JSON object */
      params?: { [key: string]: unknown };
      /** Secret string parameters: stored encrypted, never returned */
      secret_params?: { [key: string]: string };
    };
    RunEstimate: {
      benchmarks: (components["schemas"]["BenchmarkEstimate"])[];
      total: {
        calls: number;
        input_tokens: number;
        output_tokens: number;
        cost_usd: number | null;
      };
      /** with options.budget: the first limit the estimate passes (the run would stop as budget_exhausted before its last calls), else null */
      budget_exceeded_by: "max_cost_usd" | "max_input_tokens" | "max_output_tokens" | null;
      budget: {
        max_cost_usd?: number;
        max_input_tokens?: number;
        max_output_tokens?: number;
      } | null;
    };
    BenchmarkEstimate: {
      benchmark_id: string;
      /** tasks selected, as the planner selects them */
      tasks: number;
      /** attempts per task (k) */
      attempts: number;
      /** model calls: tasks × attempts × model targets */
      calls: number;
      /** prompts rendered to measure: every task, or an even sample of 500 */
      rendered: number;
      /** estimated input tokens (about 4 characters per token of the rendered messages and tools) */
      input_tokens: number;
      /** every call at its max_output_tokens: an upper bound */
      output_tokens: number;
      max_output_tokens: number;
      /** at the targets' prices; null when a model target has no price */
      cost_usd: number | null;
      /** why this benchmark could not be estimated (it would fail at start); its figures are then 0 */
      error: string | null;
    };
    EstimateEvalRun: {
      display_name?: string;
      benchmarks: (string)[];
      target: {
        kind: "model";
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
        params?: { [key: string]: unknown };
        price?: {
          input_per_mtok: number;
          output_per_mtok: number;
        };
        name?: string;
      } | {
        kind: "agent";
        runner_url: string;
        profile: string;
        params?: { [key: string]: unknown };
        name?: string;
      } | {
        kind: "outputs";
        dataset: string;
        key_column?: string;
        output_column: string;
        attempt_column?: string;
        name?: string;
      };
      compare_target?: {
        kind: "model";
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
        params?: { [key: string]: unknown };
        price?: {
          input_per_mtok: number;
          output_per_mtok: number;
        };
        name?: string;
      } | {
        kind: "agent";
        runner_url: string;
        profile: string;
        params?: { [key: string]: unknown };
        name?: string;
      } | {
        kind: "outputs";
        dataset: string;
        key_column?: string;
        output_column: string;
        attempt_column?: string;
        name?: string;
      } | null;
      judge?: {
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
      } | null;
      options?: {
        attempts?: number;
        sample_limit?: number;
        select?: {
          split?: string;
          subsets?: (string)[];
          include?: (string)[];
          exclude?: (string)[];
          shuffle?: boolean;
          seed?: number;
          skip?: number;
          limit?: number;
        };
        few_shot?: number;
        temperature?: number;
        top_p?: number;
        max_output_tokens?: number;
        timeout_s?: number;
        concurrency?: number | {
          min: number;
          max: number;
        };
        missing_policy?: "unknown" | "as_failure";
        mc_mode?: "generate" | "loglikelihood";
        per_benchmark?: { [key: string]: {
            sample_limit?: number;
            few_shot?: number;
            subsets?: (string)[];
            attempts?: number;
            select?: {
              split?: string;
              subsets?: (string)[];
              include?: (string)[];
              exclude?: (string)[];
              shuffle?: boolean;
              seed?: number;
              skip?: number;
              limit?: number;
            };
            temperature?: number;
            top_p?: number;
            max_output_tokens?: number;
            mc_mode?: "generate" | "loglikelihood";
            release_window?: {
              start?: string;
              end?: string;
            };
          } };
        budget?: {
          max_cost_usd?: number;
          max_input_tokens?: number;
          max_output_tokens?: number;
        };
        cache?: "off" | "read_write" | "read_only";
        cache_ttl_days?: number;
        batch?: boolean;
        user_model?: {
          provider: "openai" | "anthropic";
          base_url: string;
          model: string;
          /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
          api_key?: string | null;
          params?: { [key: string]: unknown };
        };
      };
      request_id?: string;
    };
    EvalRun: {
      id: string;
      display_name: string | null;
      status: "draft" | "queued" | "running" | "completed" | "failed" | "cancelled";
      /** Benchmark ids, in the order given */
      benchmarks: (string)[];
      target: components["schemas"]["ModelTarget"] | components["schemas"]["AgentTarget"] | components["schemas"]["OutputsTarget"];
      compare_target: components["schemas"]["ModelTarget"] | components["schemas"]["AgentTarget"] | components["schemas"]["OutputsTarget"] | null;
      judge: components["schemas"]["Judge"];
      options: components["schemas"]["EvalRunOptions"];
      request_id: string | null;
      copied_from: string | null;
      /** a re-score: the finished run whose stored outputs this run scores again (no model call but a judge's); /scores pairs each benchmark with it */
      source_run_id: string | null;
      /** a re-score: the scoring spec applied to each of its benchmarks */
      rescore_scoring: { [key: string]: unknown } | null;
      /** true when no model is called: every output is recorded (an outputs target or a re-score); samples say so per attempt */
      recorded: boolean;
      /** why the run failed: each failed benchmark with its reason (a benchmark that scored nothing names the dominant error) */
      error: string | null;
      /** attempts without a reward by error kind (http_401, unreachable, timeout, ...), set when the run ends */
      error_counts: { [key: string]: number } | null;
      /** why a cancelled run stopped when no user stopped it: budget_exhausted (options.budget ran out; attempts not sent are missing, never 0); null otherwise */
      stop_reason: "budget_exhausted" | null;
      budget_report: components["schemas"]["BudgetReport"];
      created_at: string;
      updated_at: string;
      queued_at: string | null;
      started_at: string | null;
      finished_at: string | null;
    };
    ModelTarget: {
      kind: "model";
      provider: "openai" | "anthropic";
      base_url: string;
      model: string;
      /** A key is sealed for this slot; it is never shown */
      api_key?: {
        set: true;
      };
      params: { [key: string]: unknown };
      price?: {
        input_per_mtok: number;
        output_per_mtok: number;
      };
      name?: string;
    };
    AgentTarget: {
      kind: "agent";
      runner_url: string;
      profile: string;
      params: { [key: string]: unknown };
      name?: string;
    };
    OutputsTarget: {
      kind: "outputs";
      /** the revision `name@version` holding the recorded outputs; no model is called */
      dataset: string;
      /** the column of each output's task key; absent, outputs row i is the output of task row i */
      key_column?: string;
      output_column: string;
      /** orders a task's outputs as attempts; absent, file order */
      attempt_column?: string;
      name?: string;
    };
    Judge: {
      provider: "openai" | "anthropic";
      base_url: string;
      model: string;
      /** A key is sealed for this slot; it is never shown */
      api_key?: {
        set: true;
      };
    } | null;
    EvalRunOptions: {
      attempts?: number;
      sample_limit?: number;
      select?: {
        split?: string;
        subsets?: (string)[];
        include?: (string)[];
        exclude?: (string)[];
        shuffle?: boolean;
        seed?: number;
        skip?: number;
        limit?: number;
      };
      few_shot?: number;
      temperature?: number;
      top_p?: number;
      max_output_tokens?: number;
      timeout_s?: number;
      concurrency?: number | {
        min: number;
        max: number;
      };
      missing_policy?: "unknown" | "as_failure";
      mc_mode?: "generate" | "loglikelihood";
      per_benchmark?: { [key: string]: {
          sample_limit?: number;
          few_shot?: number;
          subsets?: (string)[];
          attempts?: number;
          select?: {
            split?: string;
            subsets?: (string)[];
            include?: (string)[];
            exclude?: (string)[];
            shuffle?: boolean;
            seed?: number;
            skip?: number;
            limit?: number;
          };
          temperature?: number;
          top_p?: number;
          max_output_tokens?: number;
          mc_mode?: "generate" | "loglikelihood";
          release_window?: {
            start?: string;
            end?: string;
          };
        } };
      budget?: {
        max_cost_usd?: number;
        max_input_tokens?: number;
        max_output_tokens?: number;
      };
      cache?: "off" | "read_write" | "read_only";
      cache_ttl_days?: number;
      batch?: boolean;
      user_model?: components["schemas"]["UserModel"];
    };
    /** The model that plays the user in agent benchmarks with a simulated user (τ²-bench); absent: the run's judge */
    UserModel: {
      provider: "openai" | "anthropic";
      base_url: string;
      model: string;
      /** A key is sealed for this slot; it is never shown */
      api_key?: {
        set: true;
      };
      params?: { [key: string]: unknown };
    };
    /** a budget_exhausted run's figures: the limit that stopped it, the limits, what its recorded attempts spent */
    BudgetReport: {
      /** the limit the next call would have passed */
      exhausted_by: "max_cost_usd" | "max_input_tokens" | "max_output_tokens";
      limits: {
        max_cost_usd?: number;
        max_input_tokens?: number;
        max_output_tokens?: number;
      };
      spent: components["schemas"]["Spend"];
    } | null;
    Spend: {
      cost_usd: number;
      input_tokens: number;
      output_tokens: number;
    };
    CreateEvalRun: {
      display_name?: string;
      benchmarks: (string)[];
      target: {
        kind: "model";
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
        params?: { [key: string]: unknown };
        price?: {
          input_per_mtok: number;
          output_per_mtok: number;
        };
        name?: string;
      } | {
        kind: "agent";
        runner_url: string;
        profile: string;
        params?: { [key: string]: unknown };
        name?: string;
      } | {
        kind: "outputs";
        dataset: string;
        key_column?: string;
        output_column: string;
        attempt_column?: string;
        name?: string;
      };
      compare_target?: {
        kind: "model";
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
        params?: { [key: string]: unknown };
        price?: {
          input_per_mtok: number;
          output_per_mtok: number;
        };
        name?: string;
      } | {
        kind: "agent";
        runner_url: string;
        profile: string;
        params?: { [key: string]: unknown };
        name?: string;
      } | {
        kind: "outputs";
        dataset: string;
        key_column?: string;
        output_column: string;
        attempt_column?: string;
        name?: string;
      } | null;
      judge?: {
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
      } | null;
      options?: {
        attempts?: number;
        sample_limit?: number;
        select?: {
          split?: string;
          subsets?: (string)[];
          include?: (string)[];
          exclude?: (string)[];
          shuffle?: boolean;
          seed?: number;
          skip?: number;
          limit?: number;
        };
        few_shot?: number;
        temperature?: number;
        top_p?: number;
        max_output_tokens?: number;
        timeout_s?: number;
        concurrency?: number | {
          min: number;
          max: number;
        };
        missing_policy?: "unknown" | "as_failure";
        mc_mode?: "generate" | "loglikelihood";
        per_benchmark?: { [key: string]: {
            sample_limit?: number;
            few_shot?: number;
            subsets?: (string)[];
            attempts?: number;
            select?: {
              split?: string;
              subsets?: (string)[];
              include?: (string)[];
              exclude?: (string)[];
              shuffle?: boolean;
              seed?: number;
              skip?: number;
              limit?: number;
            };
            temperature?: number;
            top_p?: number;
            max_output_tokens?: number;
            mc_mode?: "generate" | "loglikelihood";
            release_window?: {
              start?: string;
              end?: string;
            };
          } };
        budget?: {
          max_cost_usd?: number;
          max_input_tokens?: number;
          max_output_tokens?: number;
        };
        cache?: "off" | "read_write" | "read_only";
        cache_ttl_days?: number;
        batch?: boolean;
        user_model?: {
          provider: "openai" | "anthropic";
          base_url: string;
          model: string;
          /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
          api_key?: string | null;
          params?: { [key: string]: unknown };
        };
      };
      request_id?: string;
    };
    PatchEvalRun: {
      display_name?: string | null;
      benchmarks?: (string)[];
      target?: {
        kind: "model";
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
        params?: { [key: string]: unknown };
        price?: {
          input_per_mtok: number;
          output_per_mtok: number;
        };
        name?: string;
      } | {
        kind: "agent";
        runner_url: string;
        profile: string;
        params?: { [key: string]: unknown };
        name?: string;
      } | {
        kind: "outputs";
        dataset: string;
        key_column?: string;
        output_column: string;
        attempt_column?: string;
        name?: string;
      };
      compare_target?: {
        kind: "model";
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
        params?: { [key: string]: unknown };
        price?: {
          input_per_mtok: number;
          output_per_mtok: number;
        };
        name?: string;
      } | {
        kind: "agent";
        runner_url: string;
        profile: string;
        params?: { [key: string]: unknown };
        name?: string;
      } | {
        kind: "outputs";
        dataset: string;
        key_column?: string;
        output_column: string;
        attempt_column?: string;
        name?: string;
      } | null;
      judge?: {
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
      } | null;
      options?: {
        attempts?: number | null;
        sample_limit?: number | null;
        select?: {
          split?: string;
          subsets?: (string)[];
          include?: (string)[];
          exclude?: (string)[];
          shuffle?: boolean;
          seed?: number;
          skip?: number;
          limit?: number;
        } | null;
        few_shot?: number | null;
        temperature?: number | null;
        top_p?: number | null;
        max_output_tokens?: number | null;
        timeout_s?: number | null;
        concurrency?: number | {
          min: number;
          max: number;
        } | null;
        missing_policy?: "unknown" | "as_failure" | null;
        mc_mode?: "generate" | "loglikelihood" | null;
        per_benchmark?: { [key: string]: {
            sample_limit?: number;
            few_shot?: number;
            subsets?: (string)[];
            attempts?: number;
            select?: {
              split?: string;
              subsets?: (string)[];
              include?: (string)[];
              exclude?: (string)[];
              shuffle?: boolean;
              seed?: number;
              skip?: number;
              limit?: number;
            };
            temperature?: number;
            top_p?: number;
            max_output_tokens?: number;
            mc_mode?: "generate" | "loglikelihood";
            release_window?: {
              start?: string;
              end?: string;
            };
          } } | null;
        budget?: {
          max_cost_usd?: number;
          max_input_tokens?: number;
          max_output_tokens?: number;
        } | null;
        cache?: "off" | "read_write" | "read_only" | null;
        cache_ttl_days?: number | null;
        batch?: boolean | null;
        user_model?: {
          provider: "openai" | "anthropic";
          base_url: string;
          model: string;
          /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
          api_key?: string | null;
          params?: { [key: string]: unknown };
        } | null;
      };
    };
    RescoreEvalRun: {
      benchmarks?: (string)[];
      scoring: {
        type: "contains";
        ignore_case?: boolean;
      } | {
        type: "exact_match";
      } | {
        type: "regex";
        pattern: string;
        group?: number;
        flags?: string;
      } | {
        type: "numeric";
        mode?: "strict" | "flexible";
      } | {
        type: "multiple_choice";
        extraction?: "flexible" | "mmlu_pro" | "simple_evals" | "first_letter";
        loglikelihood?: {
          headline?: "acc" | "acc_norm";
          continuation?: "option_text" | "letter";
        };
      } | {
        type: "llm_judge";
        criteria: string;
      } | {
        type: "code_execution";
        language?: "python";
        harness?: "humaneval" | "mbpp";
        prompt_column?: string;
        test_column: string;
        entry_point_column?: string;
        setup_column?: string;
        reference_column?: string;
        oracle_column?: string;
        contract_column?: string;
        timeout_s?: number;
        memory_mb?: number;
      };
      judge?: {
        provider: "openai" | "anthropic";
        base_url: string;
        model: string;
        /** Write-only: sealed at rest, shown back only as {set: true}; on an edit, null clears it and omitting it keeps it */
        api_key?: string | null;
      } | null;
      display_name?: string;
    };
    Import: {
      run_id: string;
      source: {
        tool: "promptfoo" | "inspect" | "lm-eval" | "swebench" | "harbor" | "tau2" | "tau-bench";
        tool_name: string;
        tool_version: string | null;
        task: string;
        model: string | null;
        files: (string)[];
      };
      /** name@version of the prompts, expected answers and source verdicts */
      tasks_dataset: string;
      /** name@version of the recorded outputs (key, output, attempt) */
      outputs_dataset: string;
      tasks: number;
      outputs: number;
      /** Attempts per task (Inspect epochs) */
      attempts: number;
      benchmarks: (components["schemas"]["ImportedBenchmark"])[];
      /** The first score's stated aggregate, to show beside Assay's */
      source_score: number | null;
      /** The first score's per-sample verdict count */
      source_verdicts: number;
      agreement: components["schemas"]["ImportAgreement"];
    };
    ImportedBenchmark: {
      id: string;
      name: string;
      /** The source's name for the score (pass, match, exact_match,strict-match) */
      score: string;
      source_scorer: string;
      /** Assay's scorer spec for it; source_verdict when Assay has no counterpart */
      scoring: { [key: string]: unknown };
      /** Whether Assay recomputes the verdict with a scorer of the same semantics (else it reads the source's) */
      counterpart: boolean;
      /** How Assay's scorer differs from the source's, or why there is no counterpart */
      note: string;
      /** The aggregate the source states for this score */
      source_score: number | null;
      source_score_from: string;
      /** Tasks carrying the source's own per-sample verdict */
      source_verdicts: number;
    };
    /** τ², τ-bench: how far Assay's replay of each simulation agrees with the file's rewards; null for other formats */
    ImportAgreement: {
      /** Simulations replayed through Assay's environment and scored by its rules */
      simulations: number;
      /** Those whose reward and every compared component equal the file's */
      agree: number;
      /** The others, with the components that differ (reward, DB, ENV_ASSERTION, ACTION, COMMUNICATE) */
      differing: ({
        simulation: string;
        task: string;
        trial: number;
        recorded: number;
        assay: number | null;
        components: (string)[];
      })[];
      /** DB verdicts of the simulations that ended by a stop */
      db: {
        compared: number;
        agree: number;
      };
      /** Recorded tool results, and those Assay's environment answers differently */
      tool_results: {
        replayed: number;
        differing: number;
      };
      /** Simulations the file gives another task's id, matched to the task their recorded evaluation names */
      relabelled: ({
        simulation: string;
        labelled: string;
        task: string;
      })[];
      /** What was taken from the file rather than recomputed */
      notes: (string)[];
    } | null;
    RunProgress: {
      id: string;
      status: string;
      terminal_attempts: number;
      /** null until every benchmark is planned */
      total_attempts: number | null;
      planned_attempts: number;
      scored_attempts: number;
      /** model calls holding a concurrency slot now */
      in_flight: number;
      counts: { [key: string]: number };
      /** options.batch: the provider batches the run's model calls wait on now and the calls in them (0 and 0 once all landed); null without options.batch */
      batch?: {
        batches: number;
        calls: number;
      } | null;
      benchmarks: ({
        benchmark_id: string;
        /** what a reader calls it (null once the benchmark is gone) */
        benchmark_name: string | null;
        status: string;
        error: string | null;
        /** attempts without a reward by error kind, once the run ended */
        error_counts: { [key: string]: number } | null;
        members: number | null;
        attempts: number | null;
        planned: number;
      })[];
    };
    RunTimeline: {
      id: string;
      /** The run's band (min = max when pinned) */
      concurrency: {
        min: number;
        max: number;
      };
      /** Whether the limit adapts (min < max) */
      adaptive: boolean;
      /** The span of a sample (longer runs sample less often after the first hour) */
      sample_ms: number;
      samples: (components["schemas"]["RunTimelineSample"])[];
    };
    RunTimelineSample: {
      /** When the sample began (ISO 8601) */
      at: string;
      /** Seconds from the run's first sample to this one's start */
      elapsed_s: number;
      /** How long the sample spans, in seconds */
      span_s: number;
      /** The in-flight limit at the sample's end: the band's current limit, or the pinned concurrency */
      limit: number;
      /** The most model calls in flight (concurrency slots held) during the sample */
      in_flight: number;
      /** Model calls that ended in the sample: answered, refused or failed */
      calls: number;
      /** Calls answered with a success per second */
      throughput_per_s: number;
      succeeded: number;
      /** Calls refused with 429 */
      rate_limited: number;
      /** Calls failed with a 5xx, 408, a timeout or a dropped connection */
      errors: number;
      /** Share of the sample's calls refused with 429 (0 when none ended) */
      rate_429: number;
      /** Share of the sample's calls that failed with a server error or no answer */
      rate_5xx: number;
      /** Median latency of the sample's successful calls, ms; null when none */
      latency_p50_ms: number | null;
      latency_p90_ms: number | null;
      latency_p99_ms: number | null;
    };
    RunOverview: {
      id: string;
      status: string;
      include_errored: boolean;
      groups: (components["schemas"]["OverviewGroup"])[];
    };
    OverviewGroup: {
      benchmark_id: string;
      benchmark_name: string | null;
      target: "a" | "b";
      target_label: string;
      status: string;
      execution: "inline" | "agent" | "recorded";
      tiles: components["schemas"]["OverviewTiles"];
      metrics: (components["schemas"]["OverviewMetric"])[];
      usage: {
        points: ({
          attempt_id: string;
          input_tokens: number;
          output_tokens: number;
          errored: boolean;
        })[];
        sampled: boolean;
        total: number;
        input: components["schemas"]["OverviewSummary"];
        output: components["schemas"]["OverviewSummary"];
      };
      timing: {
        phases: ("boot" | "setup" | "model" | "harness" | "finalize" | "scoring" | "other")[];
        /** the phases these attempts record; the others are 0 */
        recorded: ("boot" | "setup" | "model" | "harness" | "finalize" | "scoring" | "other")[];
        /** mean ms per phase */
        mean: {
          boot: number;
          setup: number;
          model: number;
          harness: number;
          finalize: number;
          scoring: number;
          other: number;
        } | null;
        strips: ({
          attempt_id: string;
          wall_ms: number;
          phases: {
            boot: number;
            setup: number;
            model: number;
            harness: number;
            finalize: number;
            scoring: number;
            other: number;
          };
          errored: boolean;
        })[];
        /** true when all strips were asked for and thinned to points */
        sampled: boolean;
        /** attempts with a timing; more than strips holds when only the first were asked for */
        total: number;
      };
    };
    OverviewTiles: {
      /** ended attempts, with or without a reward */
      attempts: number;
      /** ended attempts without a reward */
      errored: number;
      /** attempts per task the aggregate counts */
      k: number | null;
      /** mean reward over attempts (the score row's score) */
      avg_at_k: number | null;
      pass_at_k: number | null;
      /** errored / attempts */
      error_rate: number | null;
      /** share of replies cut by the token limit; null: attempts do not record why a reply ended */
      truncation_rate: number | null;
      /** mean of the target model's replies per attempt: the counts stored when attempts ended (a τ²-bench conversation's agent replies, the environment runner's bash harness's model calls), else derived for a model run in Assay (1, 2 for MT-Bench, 0 unanswered); null for recorded outputs and for an agent none of whose attempts reported a count (its trace holds its turns) */
      mean_turns: number | null;
      /** mean time from dispatch to verdict, ms */
      mean_wall_ms: number | null;
      /** mean input + output tokens of attempts that report tokens */
      mean_tokens: number | null;
      /** USD over every ended attempt; null when none has a price */
      total_cost: number | null;
      error_kinds: { [key: string]: number };
      distributions: {
        reward: {
          summary: components["schemas"]["OverviewSummary"];
          histogram: {
            lo: number;
            hi: number;
            /** equal-width bins from lo to hi (hi included in the last) */
            counts: (number)[];
          } | null;
        };
        turns: {
          summary: components["schemas"]["OverviewSummary"];
          histogram: {
            lo: number;
            hi: number;
            /** equal-width bins from lo to hi (hi included in the last) */
            counts: (number)[];
          } | null;
        };
        wall_ms: {
          summary: components["schemas"]["OverviewSummary"];
          histogram: {
            lo: number;
            hi: number;
            /** equal-width bins from lo to hi (hi included in the last) */
            counts: (number)[];
          } | null;
        };
        tokens: {
          summary: components["schemas"]["OverviewSummary"];
          histogram: {
            lo: number;
            hi: number;
            /** equal-width bins from lo to hi (hi included in the last) */
            counts: (number)[];
          } | null;
        };
        cost: {
          summary: components["schemas"]["OverviewSummary"];
          histogram: {
            lo: number;
            hi: number;
            /** equal-width bins from lo to hi (hi included in the last) */
            counts: (number)[];
          } | null;
        };
      };
    };
    OverviewSummary: {
      n: number;
      mean: number;
      min: number;
      p10: number;
      p25: number;
      median: number;
      p75: number;
      p90: number;
      max: number;
    } | null;
    OverviewMetric: {
      /** reward, or a structured dimension's key */
      name: string;
      source: "reward" | "dimension";
      /** chip: every attempt has one value; counts: few distinct values; swarm: the rest */
      kind: "chip" | "counts" | "swarm";
      summary: components["schemas"]["OverviewSummary"];
      counts: ({
        value: number;
        count: number;
        share: number;
      })[] | null;
      points: ({
        attempt_id: string;
        value: number;
        errored: boolean;
      })[];
      sampled: boolean;
      /** points before thinning */
      total: number;
    };
    ScoreHistoryPoint: {
      benchmark_id: string;
      benchmark_name: string | null;
      /** a = the run's target, b = its compare_target */
      target: "a" | "b";
      target_label: string;
      /** the benchmark's status in the run for this target; failed has an error and no numbers (it could not run, or every attempt ended without a reward) */
      status: string;
      /** why it failed: for a target that scored nothing, the dominant error, e.g. `401 from the target: invalid API key (40 of 40 attempts)` */
      error: string | null;
      error_counts: components["schemas"]["ErrorCounts"];
      k: number | null;
      member_count: number | null;
      dataset_digest: string | null;
      planning_complete: boolean;
      score: number | null;
      pass: number | null;
      pass_at_k: number | null;
      pass_hat_k: number | null;
      /** pass^1..pass^k: for each j ≤ k the unbiased estimate C(c, j)/C(n, j) averaged over tasks (τ²-bench's reliability curve); null without a pass/fail curve */
      pass_hat?: (number)[] | null;
      /** the number this benchmark leads with: score (the mean over attempts), pass_at_k where the benchmark's rule counts a task solved if any of its k attempts is (ARC's pass@2), or pass_hat_k where it counts reliability, every one of k attempts succeeding (τ²-bench's pass^k, with pass_hat beside it) */
      headline: "score" | "pass_at_k" | "pass_hat_k";
      score_counts: components["schemas"]["ScoreCounts"];
      missing_policy: "unknown" | "as_failure";
      uncertainty: components["schemas"]["Uncertainty"];
      display: components["schemas"]["ScoreDisplay"];
      /** a re-score: the source run's score of the same benchmark and target, with the paired test per task (source = A, this run = B) */
      source?: {
        run_id: string;
        /** the previous run's target slot that ran the same model (absent for a re-score's source) */
        target?: "a" | "b";
        display_name: string | null;
        finished_at: string | null;
        k: number;
        missing_policy: "unknown" | "as_failure";
        score: number | null;
        pass: number | null;
        pass_at_k: number | null;
        pass_hat_k: number | null;
        score_counts: components["schemas"]["ScoreCounts"];
        display: {
          score: string | null;
          coverage: string;
        };
        /** this run's score minus the previous run's */
        delta: number | null;
        display_delta: string | null;
        /** same k and missing policy */
        comparable: boolean;
        paired: components["schemas"]["Comparison"];
      } | null;
      /** recorded outputs (an outputs target or a re-score): where they came from and how they matched the tasks; null for a live target */
      recorded?: {
        /** dataset: an outputs target's revision; run: a re-score's source run */
        source: "dataset" | "run";
        /** the outputs revision `name@version`, or the source run id */
        from: string;
        revision_id: string | null;
        /** outputs rows read, or source attempts with an output */
        outputs: number;
        /** selected tasks with at least one recorded output */
        matched_tasks: number;
        /** selected tasks with none: their attempts are missing, never 0 */
        missing_tasks: number;
        /** outputs whose key matches no task of the benchmark's dataset */
        unmatched_count: number;
        /** the first unmatched keys (at most 20), in file order */
        unmatched_keys: (string)[];
        /** outputs of selected tasks beyond the run's k attempts, not used */
        beyond_k: number;
      } | null;
      /** what the ended attempts consumed: mean tokens and model latency, total cost */
      usage?: {
        attempts: number;
        mean_input_tokens: number | null;
        mean_output_tokens: number | null;
        mean_latency_ms: number | null;
        /** null when no attempt had a known price */
        total_cost: number | null;
      } | null;
      /** mean ms per phase of ended attempts: inline attempts split into agent (the model call) and scoring (what follows it); agent attempts are all agent */
      phases?: { [key: string]: number } | null;
      /** the scorer's structured dimensions pooled over scored attempts (llm_judge dimensions; instruction_checks: prompt_level_strict, prompt_level_loose, instruction_level_strict, instruction_level_loose, and strict/<id>, loose/<id> per instruction type) */
      dimensions?: { [key: string]: {
          /** weighted mean over the scored attempts that report it */
          mean: number;
          /** sum of the weights pooled (for instruction-level accuracy: instructions checked) */
          weight: number;
          attempts: number;
        } } | null;
      run_id: string;
      run_display_name: string | null;
      finished_at: string | null;
      model: string | null;
    };
    /** attempts without a reward by error kind (http_401, unreachable, timeout, rate_limited, scoring, internal, lost, other), once the run ended */
    ErrorCounts: { [key: string]: number } | null;
    ScoreCounts: {
      /** total_members × k, undispatched slots included */
      total: number;
      scored: number;
      /** requested attempts without a reward (waiting, running, invalid, undispatched) */
      missing: number;
      /** terminal attempts without a reward; part of missing */
      invalid: number;
      total_members: number;
      /** members with all k attempts scored */
      complete_members: number;
    } | null;
    Uncertainty: {
      /** CR1 standard error clustered by member when k > 1 */
      score_se: number | null;
      score_ci95: [number, number] | null;
      /** Wilson 95% interval of pass */
      pass_ci95: [number, number] | null;
      clustered: boolean;
      n_clusters: number;
    } | null;
    ScoreDisplay: {
      /** values in [0, 1] as percentages, others on their own scale */
      score: string | null;
      pass: string | null;
      pass_at_k: string | null;
      pass_hat_k: string | null;
      labels: {
        pass_at_k: string;
        pass_hat_k: string;
      };
      score_with_ci: string | null;
      pass_with_ci: string | null;
      coverage: string;
    } | null;
    /** paired test over shared tasks, previous = A, this run = B */
    Comparison: {
      /** mean over shared tasks of B − A */
      delta: number | null;
      delta_ci95: [number, number] | null;
      a_score: number | null;
      b_score: number | null;
      test: {
        name: "mcnemar" | "paired_bootstrap";
        method: "exact_binomial" | "chi_square_continuity" | "bootstrap";
        p_value: number | null;
        n_shared: number;
        /** McNemar: tasks failing on A and passing on B */
        b01: number | null;
        /** McNemar: tasks passing on A and failing on B */
        b10: number | null;
      };
      excluded_members: number;
      /** task keys worse on B, largest drop first (capped; see regressions_count) */
      regressions: (string)[];
      improvements: (string)[];
      regressions_count: number;
      improvements_count: number;
      missing_policy: "unknown" | "as_failure";
      display: {
        delta: string | null;
      };
    } | null;
    RunScores: {
      run_id: string;
      run_status: string;
      missing_policy: "unknown" | "as_failure";
      scores: (components["schemas"]["ScoreRow"])[];
      /** compare_target (B) against target (A) per benchmark; empty without a compare target */
      ab: (components["schemas"]["ABBenchmark"])[];
    };
    ScoreRow: {
      benchmark_id: string;
      benchmark_name: string | null;
      /** a = the run's target, b = its compare_target */
      target: "a" | "b";
      target_label: string;
      /** the benchmark's status in the run for this target; failed has an error and no numbers (it could not run, or every attempt ended without a reward) */
      status: string;
      /** why it failed: for a target that scored nothing, the dominant error, e.g. `401 from the target: invalid API key (40 of 40 attempts)` */
      error: string | null;
      error_counts: components["schemas"]["ErrorCounts"];
      k: number | null;
      member_count: number | null;
      dataset_digest: string | null;
      planning_complete: boolean;
      score: number | null;
      pass: number | null;
      pass_at_k: number | null;
      pass_hat_k: number | null;
      /** pass^1..pass^k: for each j ≤ k the unbiased estimate C(c, j)/C(n, j) averaged over tasks (τ²-bench's reliability curve); null without a pass/fail curve */
      pass_hat?: (number)[] | null;
      /** the number this benchmark leads with: score (the mean over attempts), pass_at_k where the benchmark's rule counts a task solved if any of its k attempts is (ARC's pass@2), or pass_hat_k where it counts reliability, every one of k attempts succeeding (τ²-bench's pass^k, with pass_hat beside it) */
      headline: "score" | "pass_at_k" | "pass_hat_k";
      score_counts: components["schemas"]["ScoreCounts"];
      missing_policy: "unknown" | "as_failure";
      uncertainty: components["schemas"]["Uncertainty"];
      display: components["schemas"]["ScoreDisplay"];
      subsets: (components["schemas"]["Breakdown"])[];
      previous: components["schemas"]["PreviousRunScore"];
      /** a re-score: the source run's score of the same benchmark and target, with the paired test per task (source = A, this run = B) */
      source?: {
        run_id: string;
        /** the previous run's target slot that ran the same model (absent for a re-score's source) */
        target?: "a" | "b";
        display_name: string | null;
        finished_at: string | null;
        k: number;
        missing_policy: "unknown" | "as_failure";
        score: number | null;
        pass: number | null;
        pass_at_k: number | null;
        pass_hat_k: number | null;
        score_counts: components["schemas"]["ScoreCounts"];
        display: {
          score: string | null;
          coverage: string;
        };
        /** this run's score minus the previous run's */
        delta: number | null;
        display_delta: string | null;
        /** same k and missing policy */
        comparable: boolean;
        paired: components["schemas"]["Comparison"];
      } | null;
      /** recorded outputs (an outputs target or a re-score): where they came from and how they matched the tasks; null for a live target */
      recorded?: {
        /** dataset: an outputs target's revision; run: a re-score's source run */
        source: "dataset" | "run";
        /** the outputs revision `name@version`, or the source run id */
        from: string;
        revision_id: string | null;
        /** outputs rows read, or source attempts with an output */
        outputs: number;
        /** selected tasks with at least one recorded output */
        matched_tasks: number;
        /** selected tasks with none: their attempts are missing, never 0 */
        missing_tasks: number;
        /** outputs whose key matches no task of the benchmark's dataset */
        unmatched_count: number;
        /** the first unmatched keys (at most 20), in file order */
        unmatched_keys: (string)[];
        /** outputs of selected tasks beyond the run's k attempts, not used */
        beyond_k: number;
      } | null;
      /** what the ended attempts consumed: mean tokens and model latency, total cost */
      usage?: {
        attempts: number;
        mean_input_tokens: number | null;
        mean_output_tokens: number | null;
        mean_latency_ms: number | null;
        /** null when no attempt had a known price */
        total_cost: number | null;
      } | null;
      /** mean ms per phase of ended attempts: inline attempts split into agent (the model call) and scoring (what follows it); agent attempts are all agent */
      phases?: { [key: string]: number } | null;
      /** the scorer's structured dimensions pooled over scored attempts (llm_judge dimensions; instruction_checks: prompt_level_strict, prompt_level_loose, instruction_level_strict, instruction_level_loose, and strict/<id>, loose/<id> per instruction type) */
      dimensions?: { [key: string]: {
          /** weighted mean over the scored attempts that report it */
          mean: number;
          /** sum of the weights pooled (for instruction-level accuracy: instructions checked) */
          weight: number;
          attempts: number;
        } } | null;
    };
    Breakdown: {
      /** the subset (null: rows without one) */
      key: string | null;
      score: number | null;
      pass: number | null;
      pass_at_k: number | null;
      pass_hat_k: number | null;
      /** pass^1..pass^k of the subset (the unbiased estimate for j = 1..k) */
      pass_hat?: (number)[] | null;
      score_counts: components["schemas"]["ScoreCounts"];
      score_ci95: [number, number] | null;
      display: {
        score: string | null;
        coverage: string;
      };
    };
    /** the previous completed run of this benchmark on the same dataset digest and model/base URL */
    PreviousRunScore: {
      run_id: string;
      /** the previous run's target slot that ran the same model (absent for a re-score's source) */
      target?: "a" | "b";
      display_name: string | null;
      finished_at: string | null;
      k: number;
      missing_policy: "unknown" | "as_failure";
      score: number | null;
      pass: number | null;
      pass_at_k: number | null;
      pass_hat_k: number | null;
      score_counts: components["schemas"]["ScoreCounts"];
      display: {
        score: string | null;
        coverage: string;
      };
      /** this run's score minus the previous run's */
      delta: number | null;
      display_delta: string | null;
      /** same k and missing policy */
      comparable: boolean;
      paired: components["schemas"]["Comparison"];
    } | null;
    ABBenchmark: {
      benchmark_id: string;
      benchmark_name: string | null;
      a_label: string;
      b_label: string;
      overall: components["schemas"]["Comparison"];
      subsets: ((components["schemas"]["Comparison"]) & ({
        key: string | null;
      }))[];
    };
    PassCurve: {
      benchmark_id: string;
      /** a = the run's target, b = its compare_target */
      target: "a" | "b";
      k: number | null;
      missing_policy: "unknown" | "as_failure";
      rows: ({
        j: number;
        pass_at_j: number;
        pass_hat_j: number;
        /** members averaged for this j (those with n ≥ j) */
        members: number;
      })[] | null;
      members_by_n: { [key: string]: number };
      note: string;
    };
    Sample: {
      /** attempt id; GET /api/trials/{id} has the whole attempt */
      id: string;
      benchmark_id: string;
      /** a = the run's target, b = its compare_target */
      target: "a" | "b";
      task_key: string;
      subset: string | null;
      attempt_index: number;
      status: string;
      reward: number | null;
      output: string | null;
      output_truncated: boolean;
      /** true when the output was recorded, not produced by a model call: an outputs target's, or a re-score's reuse of its source run's */
      recorded: boolean;
      /** true when the reply came from the response cache (options.cache) instead of a model call */
      cached: boolean;
      expected_answer: string | null;
      reason: string | null;
      error: string | null;
      /** why an ended attempt has no reward, as the run's error_counts count it (http_429, timeout, unscored, ...); null when it has one or is open */
      error_kind: string | null;
      /** model time of the attempt in milliseconds; null while open or when none was measured */
      latency_ms: number | null;
      /** tokens the target read; null while open or when it reported none */
      input_tokens: number | null;
      /** tokens the target wrote; null while open or when it reported none */
      output_tokens: number | null;
      /** when the attempt was dispatched to its target; null while open */
      started_at: string | null;
      /** when the attempt ended; null while open */
      finished_at: string | null;
      /** the target model's replies in an ended attempt: as counted when the attempt ended where Assay counts them (a τ²-bench conversation's agent replies, the environment runner's bash harness's model calls), else for an attempt that ran in Assay 1 when the model answered, 2 for an answered MT-Bench conversation, 0 when it did not; null while open, for recorded outputs, and for an agent whose runner reported no count (its turns are in its trace) */
      turns: number | null;
    };
    TaskResult: {
      task_key: string;
      member_index: number;
      subset: string | null;
      a: {
        score: number | null;
        pass: number | null;
        pass_at_k: number | null;
        pass_hat_k: number | null;
        score_counts: components["schemas"]["ScoreCounts"];
        display: {
          score: string | null;
          coverage: string;
        };
      } | null;
      b: {
        score: number | null;
        pass: number | null;
        pass_at_k: number | null;
        pass_hat_k: number | null;
        score_counts: components["schemas"]["ScoreCounts"];
        display: {
          score: string | null;
          coverage: string;
        };
      } | null;
      delta: number | null;
    };
    Compare: {
      baseline: components["schemas"]["CompareSide"];
      candidates: ({
        side: components["schemas"]["CompareSide"];
        benchmarks: (components["schemas"]["CompareBenchmark"])[];
      })[];
    };
    CompareSide: {
      run_id: string;
      /** a = the run's target, b = its compare_target */
      target: "a" | "b";
      /** the target's label (model or runner profile) */
      label: string;
      display_name: string | null;
      status: string;
      finished_at: string | null;
    };
    CompareBenchmark: {
      benchmark_id: string;
      benchmark_name: string | null;
      /** same dataset digest and the same k on both sides */
      comparable: boolean;
      /** why the comparison may mislead when not comparable */
      notes: (string)[];
      baseline: components["schemas"]["ScoreRow"];
      candidate: components["schemas"]["ScoreRow"];
      overall: (components["schemas"]["Comparison"]) & (unknown);
      subsets: ((components["schemas"]["Comparison"]) & ({
        key: string | null;
      }))[];
      /** tasks worse on the candidate, better, unchanged, or without a reward on one side (never read as 0) */
      changes: {
        regression: number;
        improvement: number;
        unchanged: number;
        missing: number;
      };
    };
    CompareTask: {
      task_key: string;
      subset: string | null;
      change: "regression" | "improvement" | "unchanged" | "missing";
      /** candidate score − baseline score */
      delta: number | null;
      /** null when the baseline has no such task */
      baseline: {
        score: number | null;
        display: {
          score: string | null;
          coverage: string;
        };
        score_counts: components["schemas"]["ScoreCounts"];
        attempts: ({
          seq: number;
          attempt_index: number;
          status: string;
          reward: number | null;
          output: string | null;
          output_truncated: boolean;
          reason: string | null;
          error: string | null;
        })[];
      } | null;
      candidate: {
        score: number | null;
        display: {
          score: string | null;
          coverage: string;
        };
        score_counts: components["schemas"]["ScoreCounts"];
        attempts: ({
          seq: number;
          attempt_index: number;
          status: string;
          reward: number | null;
          output: string | null;
          output_truncated: boolean;
          reason: string | null;
          error: string | null;
        })[];
      } | null;
    };
    LiveTicket: {
      ticket: string;
      expires_at: string;
      url: string;
    };
    LiveSet: {
      type: "live_set";
      /** the stream position this set reflects; follow from it with ?after_seq= */
      delta_seq: number;
      count: number;
      by_phase: {
        boot?: number;
        setup?: number;
        agent?: number;
        verify?: number;
        finalize?: number;
        scoring?: number;
      };
      items: (components["schemas"]["LiveAttempt"])[];
    };
    LiveAttempt: {
      attempt_id: string;
      seq: number;
      benchmark_id: string;
      target: "a" | "b";
      task_key: string;
      member_index: number;
      attempt_index: number;
      subset: string | null;
      try: number;
      execution: "inline" | "agent";
      executor: string | null;
      phase: "boot" | "setup" | "agent" | "verify" | "finalize" | "scoring";
      started_at: string;
      updated_at: string;
      deadline_at: string;
      turns: number;
      messages: number;
      tokens: {
        input: number;
        output: number;
      };
      /** a model request is in flight (a preview came after the last turn) */
      awaiting_model: boolean;
      last_delta_seq: number;
    };
    Artifact: {
      name: string;
      size: number;
      content_type: string;
      sha256: string | null;
      uploaded_at: string;
    };
    Trial: {
      id: string;
      run_id: string;
      benchmark_id: string;
      target: "a" | "b";
      task_key: string;
      member_index: number;
      subset: string | null;
      attempt_index: number;
      /** pending | dispatched | succeeded | failed | cancelled | timed_out */
      status: string;
      /** null: no reward (missing), never 0 */
      reward: number | null;
      structured: components["schemas"]["StructuredResult"];
      output: string | null;
      /** true when the output was recorded, not produced by a model call: an outputs target's, or a re-score's reuse of its source run's */
      recorded: boolean;
      /** true when the reply came from the response cache (options.cache) instead of a model call */
      cached: boolean;
      expected_answer: string | null;
      exit_code: number | null;
      error: string | null;
      tries: number;
      tokens: {
        input: number | null;
        output: number | null;
      };
      cost: number | null;
      latency_ms: number | null;
      timings: {
        started_at: string | null;
        finished_at: string | null;
        duration_ms: number | null;
      };
      transcript_available: boolean;
      reward_components?: components["schemas"]["RewardComponents"];
      /** only with include_steps=true: model calls made (0 when none answered) */
      num_steps?: number;
      /** only with include_steps=true: every step; each holds the conversation so far */
      steps?: (components["schemas"]["Step"])[];
    };
    StructuredResult: ({
      composite?: number;
      dimensions?: { [key: string]: number };
      judge_summary?: string;
    } & { [key: string]: unknown }) | null;
    /** only with include_reward_components=true */
    RewardComponents: {
      /** the scorer type the benchmark ran with */
      scorer: string | null;
      /** the scorer's verdict in words */
      reason: string | null;
      composite: number | null;
      dimensions: { [key: string]: number } | null;
      judge_summary: string | null;
    };
    Step: {
      step_index: number;
      /** the conversation so far: this step's reply is last */
      messages: ({
        role: string;
      } & { [key: string]: unknown })[];
      /** messages.slice(new_messages_from) are what this step added */
      new_messages_from: number;
      model: string | null;
      usage: {
        input_tokens: number | null;
        output_tokens: number | null;
      } | null;
      latency_ms: number | null;
      /** the step's own reward when the environment gave one; an inline attempt's single step carries the attempt's reward */
      reward: number | null;
      at: string | null;
    };
    /** An ATIF trajectory, valid under Harbor's validator: steps from 1, system/user/agent sources, tool calls with their observations */
    AtifTrajectory: {
      schema_version: string;
      session_id: string;
      agent: { [key: string]: unknown };
      steps: ({ [key: string]: unknown })[];
    } & { [key: string]: unknown };
    StepsPage: {
      attempt_id: string;
      /** the attempt is still running: more steps may come */
      live: boolean;
      num_steps: number;
      items: (components["schemas"]["Step"])[];
      next_start_step_index: number | null;
      /** the same position as an opaque cursor */
      next_cursor: string | null;
      /** a live attempt's messages awaiting the model (the request in flight), not yet a step */
      pending: (({
        role: string;
      } & { [key: string]: unknown })[]) | null;
    };
    LeaderboardSubmission: {
      run_id: string;
      entries: (components["schemas"]["LeaderboardEntry"])[];
      /** Benchmarks of the run with no result to rank */
      skipped: ({
        benchmark_id: string;
        reason: string;
      })[];
      /** How equal scores are ordered */
      tie_break: string;
    };
    LeaderboardEntry: {
      id: string;
      board_id: string;
      /** 1-based, unique within the board; see tie_break */
      rank: number;
      run_id: string;
      benchmark_id: string;
      target: "target" | "compare_target";
      /** The target's name, else its model or profile */
      model: string;
      run_status: string;
      /** Mean reward of scored attempts */
      score: number | null;
      scored: number;
      missing: number;
      /** Mean composite of the structured results that have one */
      composite: number | null;
      display: {
        score: string | null;
      };
      /** The full metrics as they were when submitted */
      aggregate: { [key: string]: unknown };
      submitted_at: string;
    };
    LeaderboardBoardTop: {
      id: string;
      benchmark_id: string;
      dataset_revision_id: string;
      dataset_digest: string;
      /** The scorer spec (inline benchmarks); null for runner benchmarks */
      scoring?: unknown;
      runner: string | null;
      k: number;
      missing_policy: string;
      task_count: number;
      tasks_digest: string;
      entry_count: number;
      created_at: string;
      rows: (components["schemas"]["LeaderboardEntry"])[];
    };
    LeaderboardBoard: {
      id: string;
      benchmark_id: string;
      dataset_revision_id: string;
      dataset_digest: string;
      /** The scorer spec (inline benchmarks); null for runner benchmarks */
      scoring?: unknown;
      runner: string | null;
      k: number;
      missing_policy: string;
      task_count: number;
      tasks_digest: string;
      entry_count: number;
      created_at: string;
    };
    RankedRun: {
      board_id: string;
      rank: number;
      benchmark_id: string;
      run_id: string;
      target: "target" | "compare_target";
      model: string;
      score: number | null;
      scored: number;
      missing: number;
      composite: number | null;
      display: {
        score: string | null;
      };
      finished_at: string;
    };
    DriftSettings: {
      /** An alert needs a drop in score larger than this (rewards' own scale) */
      min_drop: number;
      /** An alert needs the paired test's p-value below this */
      alpha: number;
      updated_at: string | null;
    };
    DriftAlert: {
      id: string;
      /** The new run that got worse */
      run_id: string;
      /** The latest earlier completed run of the same benchmark, dataset digest, scorer and model */
      baseline_run_id: string;
      benchmark_id: string;
      /** The benchmark's name, as a reader knows it; null once the benchmark is gone */
      benchmark_name: string | null;
      target: "target" | "compare_target";
      model: string;
      baseline_score: number | null;
      score: number | null;
      /** Mean over shared tasks of new − baseline */
      delta: number | null;
      delta_ci95: [number, number] | null;
      p_value: number | null;
      test: {
        name: string;
        method: string;
      };
      shared_tasks: number;
      regressed_count: number;
      regressed_tasks: ({
        task: string;
        task_digest: string;
        baseline: number;
        score: number;
      })[];
      min_drop: number;
      alpha: number;
      summary: string;
      display: {
        delta: string | null;
      };
      created_at: string;
      acked_at: string | null;
    };
    Webhook: {
      id: string;
      url: string;
      events: ("run.completed" | "run.failed" | "run.cancelled" | "drift.detected")[];
      description: string | null;
      /** The signing secret; shown only in the create response */
      secret: {
        set: true;
      };
      created_at: string;
    };
    WebhookDelivery: {
      /** The webhook-id header: the same on every try of this delivery */
      id: string;
      webhook_id: string;
      event: "run.completed" | "run.failed" | "run.cancelled" | "drift.detected";
      /** failed: 8 tries without a 2xx */
      status: "pending" | "delivered" | "failed";
      attempts: number;
      next_attempt_at: string | null;
      response_status: number | null;
      last_error: string | null;
      /** The latest tries, oldest first */
      tries: ({
        at: string;
        status: number | null;
        error: string | null;
        ms: number;
      })[];
      /** The JSON body as sent: {type, timestamp, data} */
      payload?: unknown;
      created_at: string;
      delivered_at: string | null;
    };
    Trigger: {
      id: string;
      name: string;
      /** POST signed calls here */
      url: string;
      /** The run configuration; keys show only as {set: true} */
      run_template: { [key: string]: unknown };
      secret: {
        set: true;
      };
      created_at: string;
      last_fired_at: string | null;
    };
    TriggeredRun: {
      trigger_id: string;
      webhook_id: string;
      replayed: boolean;
      run: components["schemas"]["EvalRun"];
    };
    ClearedCache: {
      /** cached responses deleted by this call */
      deleted: number;
      /** true when entries are left (a very large cache is cleared over several calls): call again */
      more: boolean;
    };
  };
}

/** operationId → [method, path], for finding an operation by its stable id. */
export const operations = {
  createProject: ["post", "/api/projects"],
  updateProject: ["patch", "/api/projects/{id}"],
  getCurrentProject: ["get", "/api/project"],
  listKeys: ["get", "/api/keys"],
  createKey: ["post", "/api/keys"],
  revokeKey: ["delete", "/api/keys/{id}"],
  getIoCounters: ["get", "/api/_io"],
  createDatasetRevision: ["post", "/api/datasets/{name}/revisions"],
  listDatasets: ["get", "/api/datasets"],
  getDatasetRevision: ["get", "/api/datasets/{ref}"],
  listDatasetRows: ["get", "/api/datasets/{ref}/rows"],
  getBenchmarkOptions: ["get", "/api/benchmarks/{id}/options"],
  createTaskBenchmark: ["post", "/api/benchmarks/tasks"],
  listBenchmarks: ["get", "/api/benchmarks"],
  createBenchmark: ["post", "/api/benchmarks"],
  getBenchmark: ["get", "/api/benchmarks/{id}"],
  deleteBenchmark: ["delete", "/api/benchmarks/{id}"],
  getBenchmarkSource: ["get", "/api/benchmarks/{id}/source"],
  archiveBenchmark: ["post", "/api/benchmarks/{id}/archive"],
  restoreBenchmark: ["post", "/api/benchmarks/{id}/restore"],
  listProfiles: ["get", "/api/profiles"],
  createProfile: ["post", "/api/profiles"],
  getProfileByRef: ["get", "/api/profiles/by-ref"],
  getProfile: ["get", "/api/profiles/{id}"],
  estimateEvalRun: ["post", "/api/eval-runs/estimate"],
  listEvalRuns: ["get", "/api/eval-runs"],
  createEvalRun: ["post", "/api/eval-runs"],
  getEvalRun: ["get", "/api/eval-runs/{id}"],
  deleteEvalRun: ["delete", "/api/eval-runs/{id}"],
  updateEvalRun: ["patch", "/api/eval-runs/{id}"],
  copyEvalRun: ["post", "/api/eval-runs/{id}/copy"],
  startEvalRun: ["post", "/api/eval-runs/{id}/start"],
  stopEvalRun: ["post", "/api/eval-runs/{id}/stop"],
  rescoreEvalRun: ["post", "/api/eval-runs/{id}/rescore"],
  createImport: ["post", "/api/imports"],
  resumeEvalRun: ["post", "/api/eval-runs/{id}/resume"],
  getEvalRunProgress: ["get", "/api/eval-runs/{id}/progress"],
  listEvalRunLogs: ["get", "/api/eval-runs/{id}/logs"],
  getEvalRunTimeline: ["get", "/api/eval-runs/{id}/timeline"],
  getEvalRunOverview: ["get", "/api/eval-runs/{id}/overview"],
  getScoreHistory: ["get", "/api/eval-runs/history/scores"],
  getEvalRunScores: ["get", "/api/eval-runs/{id}/scores"],
  getEvalRunMetrics: ["get", "/api/eval-runs/{id}/metrics"],
  listEvalRunSamples: ["get", "/api/eval-runs/{id}/samples"],
  listEvalRunTasks: ["get", "/api/eval-runs/{id}/tasks"],
  compareRuns: ["get", "/api/compare"],
  compareTasks: ["get", "/api/compare/tasks"],
  exportEvalRun: ["get", "/api/eval-runs/{id}/export"],
  followEvalRunLive: ["get", "/api/eval-runs/{id}/live"],
  createLiveTicket: ["post", "/api/eval-runs/{id}/live-ticket"],
  getLiveSet: ["get", "/api/eval-runs/{id}/live-set"],
  sendRunnerEvents: ["post", "/api/runner/attempts/{id}/events"],
  uploadRunnerArtifact: ["put", "/api/runner/attempts/{id}/artifacts/{name}"],
  submitRunnerResult: ["post", "/api/runner/attempts/{id}/result"],
  getTrial: ["get", "/api/trials/{id}"],
  getTrialTrajectory: ["get", "/api/trials/{id}/trajectory"],
  listTrialSteps: ["get", "/api/trials/{id}/steps"],
  listTrialArtifacts: ["get", "/api/trials/{id}/artifacts"],
  getTrialArtifact: ["get", "/api/trials/{id}/artifacts/{name}"],
  createLeaderboardEntry: ["post", "/api/leaderboard/entries"],
  getLeaderboard: ["get", "/api/leaderboard"],
  getLeaderboardBoard: ["get", "/api/leaderboard/boards/{id}"],
  listLeaderboardRuns: ["get", "/api/leaderboard/runs"],
  getAlertSettings: ["get", "/api/alerts/settings"],
  updateAlertSettings: ["put", "/api/alerts/settings"],
  listAlerts: ["get", "/api/alerts"],
  getAlert: ["get", "/api/alerts/{id}"],
  acknowledgeAlert: ["post", "/api/alerts/{id}/ack"],
  listWebhooks: ["get", "/api/webhooks"],
  createWebhook: ["post", "/api/webhooks"],
  getWebhook: ["get", "/api/webhooks/{id}"],
  deleteWebhook: ["delete", "/api/webhooks/{id}"],
  listWebhookDeliveries: ["get", "/api/webhooks/{id}/deliveries"],
  listTriggers: ["get", "/api/triggers"],
  createTrigger: ["post", "/api/triggers"],
  getTrigger: ["get", "/api/triggers/{id}"],
  deleteTrigger: ["delete", "/api/triggers/{id}"],
  fireTrigger: ["post", "/hooks/{trigger_id}"],
  clearResponseCache: ["delete", "/api/cache"],
} as const;
