package analyze_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"revokes/analyze"
	"revokes/pbn/pbnfile"
	"revokes/report"
)

// TestSpecExamples compares the revoke rows for spec/examples/editions.pbn
// with spec/examples/editions.expected.jsonl, key by key, for all seven
// editions. It skips when ../shared is absent.
func TestSpecExamples(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "spec", "examples")
	want, err := os.ReadFile(filepath.Join(dir, "editions.expected.jsonl"))
	if err != nil {
		t.Skip("shared spec examples not present:", err)
	}
	f, err := os.Open(filepath.Join(dir, "editions.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := pbnfile.NewReader(f)
	r.File = "editions.pbn"
	b, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	p := report.NewPrinter("en")
	sc := bufio.NewScanner(bytes.NewReader(want))
	n := 0
	for sc.Scan() {
		var exp map[string]any
		if err := json.Unmarshal(sc.Bytes(), &exp); err != nil {
			t.Fatal(err)
		}
		a, err := analyze.New(analyze.Options{Edition: exp["edition"].(string)})
		if err != nil {
			t.Fatal(err)
		}
		fd := a.Board(b)
		if len(fd.Revokes) != 1 {
			t.Fatalf("%v: %d revokes, problems %v", exp["edition"], len(fd.Revokes), fd.Problems)
		}
		var got map[string]any
		if err := json.Unmarshal(report.AppendRevokeJSON(nil, fd, &fd.Revokes[0], p), &got); err != nil {
			t.Fatal(err)
		}
		for k, v := range exp {
			if !reflect.DeepEqual(got[k], v) {
				t.Errorf("edition %v: %s = %v, want %v", exp["edition"], k, got[k], v)
			}
		}
		n++
	}
	if n != 7 {
		t.Errorf("%d expected rows, want 7", n)
	}
}
