// Package web is Qixue's web app: the student app and the teacher
// dashboard, plain JavaScript modules and CSS embedded in the binary and
// served at / beside the API. The app talks to the API over HTTP like any
// other client; this package imports nothing of the service behind it.
//
// Usage, in the binary:
//
//	app, err := web.New()
//	if err != nil { ... }
//	srv := &http.Server{Handler: web.Mount(apiHandler, app)}
//
// Requests for /v1/..., /healthz, /readyz and /metrics go to the API;
// every other GET is the app: a file of static/ when it exists, the
// app's index.html for any other path without a file extension (the
// app's own routes, such as /teacher/classes), 404 otherwise.
package web
