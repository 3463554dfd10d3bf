package tournaments

import (
	"bytes"
	"os"
	"testing"
)

func TestReadWriteSmoke(t *testing.T) {
	b, err := os.ReadFile("/tmp/testdata_smoke.trf")
	if err != nil {
		t.Skip()
	}
	tr, err := ReadTRF(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	WriteTRF(&out, tr)
	t.Log(out.String(), tr.PlayedRounds())
}
