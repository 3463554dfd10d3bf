package api_test

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

var echoParam = regexp.MustCompile(`:([a-z_]+)`)

// TestRoutesMatchSpec fails when a registered route is missing from
// openapi.yaml or the spec documents a route the server lacks.
func TestRoutesMatchSpec(t *testing.T) {
	h := apitest.New(t, modelstest.SQLite(t))
	server := map[string]bool{}
	for _, r := range h.Echo.Routes() {
		if strings.HasPrefix(r.Method, "echo_") {
			continue
		}
		server[r.Method+" "+echoParam.ReplaceAllString(r.Path, "{$1}")] = true
	}
	spec := map[string]bool{}
	for path, item := range h.Spec.Paths.Map() {
		for method := range item.Operations() {
			spec[method+" "+path] = true
		}
	}
	var missing, extra []string
	for r := range server {
		if !spec[r] {
			missing = append(missing, r)
		}
	}
	for r := range spec {
		if !server[r] {
			extra = append(extra, r)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 {
		t.Errorf("routes missing from openapi.yaml:\n  %s", strings.Join(missing, "\n  "))
	}
	if len(extra) > 0 {
		t.Errorf("openapi.yaml documents routes the server lacks:\n  %s", strings.Join(extra, "\n  "))
	}
	if len(server) < 10 {
		t.Errorf("only %d routes registered", len(server))
	}
}
