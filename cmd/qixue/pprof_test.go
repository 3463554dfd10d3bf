package main

import (
	"strings"
	"testing"
)

// TestPprofAddrLoopbackOnly: the profiling listener is off by default and
// takes only a loopback address.
func TestPprofAddrLoopbackOnly(t *testing.T) {
	for addr, ok := range map[string]bool{
		"": true, "127.0.0.1:6060": true, "[::1]:6060": true, "localhost:6060": true,
		":6060": false, "0.0.0.0:6060": false, "10.0.0.5:6060": false, "example.com:6060": false, "127.0.0.1": false,
	} {
		t.Setenv("QIXUE_PPROF_ADDR", addr)
		cfg, err := loadConfig()
		if ok && (err != nil || cfg.PprofAddr != addr) {
			t.Errorf("QIXUE_PPROF_ADDR=%q: %v (got %q)", addr, err, cfg.PprofAddr)
		}
		if !ok && (err == nil || !strings.Contains(err.Error(), "QIXUE_PPROF_ADDR")) {
			t.Errorf("QIXUE_PPROF_ADDR=%q accepted: %v", addr, err)
		}
	}
}
