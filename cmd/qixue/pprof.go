package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// checkPprofAddr accepts an empty QIXUE_PPROF_ADDR (profiling off) or a
// loopback host and port: the profiles show the server's internals and
// must not be reachable from the network.
func checkPprofAddr(addr string) error {
	if addr == "" {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("QIXUE_PPROF_ADDR: want host:port on loopback, e.g. 127.0.0.1:6060: %w", err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("QIXUE_PPROF_ADDR: %q is not a loopback address; profiles must stay on the machine (use 127.0.0.1:PORT)", addr)
	}
	return nil
}

// startPprof serves net/http/pprof on addr (QIXUE_PPROF_ADDR) when set,
// apart from the API, until the returned stop is called.
func startPprof(addr string, logger *slog.Logger) (stop func(), err error) {
	if addr == "" {
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s (QIXUE_PPROF_ADDR): %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	logger.Info("pprof listening", "addr", ln.Addr().String())
	return func() { srv.Close() }, nil
}
