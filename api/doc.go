// Package api is Qixue's HTTP interface: Echo v4 handlers, the one error
// handler writing RFC 9457 application/problem+json in zh-CN or en, strict
// JSON binding, cursor pagination, authentication and role middleware,
// and the operational endpoints (/healthz, /readyz, /metrics).
//
// Handlers are thin: bind, validate, call one domain service, convert the
// result into a response struct, reply. Each domain registers its own
// routes with its dependencies passed in explicitly.
//
//	e := api.NewServer(api.Deps{
//		Identity:    svc,
//		Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
//		Unavailable: models.IsUnavailable, // a database that cannot be reached: 503
//	})
//	srv := &http.Server{Handler: e}
package api
