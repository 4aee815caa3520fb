package report

import (
	"archive/zip"
	"io"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestStatsPeriods checks the Statistics sheet of the sample: the tables
// by year and by edition (boards with play, plausible revokes and rate,
// revokes and rate, established share), an empty rate where no board has
// play, the events with the most revokes first, the trick numbers stored
// as numbers, the titles that say what their blocks show, and count axes
// in whole-number steps.
func TestStatsPeriods(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.xlsx")
	writeSample(t, path, "en")
	f := openXLSX(t, path)
	for _, c := range []struct {
		a    string
		want []string
	}{
		// Sample: 2019 has one board with play and two revokes (one
		// plausible, one established); the boards without a readable
		// date have two with play and one established revoke.
		{"2019", []string{"2019", "1", "1", "1,000.00", "2", "2,000.00", "50.0%"}},
		{"(no date)", []string{"(no date)", "2", "0", "0.00", "1", "500.00", "100.0%"}},
		{"1963", []string{"1963", "1", "0", "0.00", "1", "1,000.00", "100.0%"}},
		{"2017", []string{"2017", "2", "1", "500.00", "2", "1,000.00", "50.0%"}},
		// The board without an event has no play: its rates are empty.
		{"(no event)", []string{"(no event)", "1", "0", "0", "", "0"}},
		{"Revokes, established or not", []string{"Revokes, established or not"}},
		// The equity block's three parts add up to all revokes.
		{"With an estimate, not short", []string{"With an estimate, not short", "0", "0.00", "0", "0.0%", "0.00"}},
		{"Equity short (Law 64C)", []string{"Equity short (Law 64C)", "1"}},
		{"Without an estimate", []string{"Without an estimate", "0", "0.00", "2", "66.7%", "666.67"}},
	} {
		if r := findRow(t, f, "Statistics", c.a); !reflect.DeepEqual(r, c.want) {
			t.Errorf("Statistics row %q, want %q", r, c.want)
		}
	}
	rows, err := f.GetRows("Statistics")
	if err != nil {
		t.Fatal(err)
	}
	var events []string
	for i, r := range rows {
		if len(r) > 0 && r[0] == "Event" {
			for _, e := range rows[i+1:] {
				events = append(events, e[0])
			}
		}
	}
	if want := []string{"Example: one revoke, seven editions", hostile, "(no event)"}; !reflect.DeepEqual(events, want) {
		t.Errorf("events %q, want the most revokes first %q", events, want)
	}
	if r := findRow(t, f, "Statistics", "Revokes per 1,000 boards"); len(r) < 2 || r[1] != "1,000.00" {
		t.Errorf("overview rate %q", r)
	}
	// Trick 3 is the number 3, not the text "3".
	for i, r := range rows {
		if len(r) > 0 && r[0] == "3" {
			ref := "A" + strconv.Itoa(i+1)
			if typ, _ := f.GetCellType("Statistics", ref); typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
				t.Errorf("trick number stored as type %v", typ)
			}
		}
	}
	noDate := 0
	for i, r := range rows {
		if len(r) > 0 && r[0] == "(no date)" {
			noDate = i + 1
		}
	}
	// Charts: every count axis has a whole-number step; the year chart
	// is a line chart.
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	unit := regexp.MustCompile(`<(?:c:)?majorUnit val="([^"]*)"`)
	var lines, whole int
	for _, zf := range z.File {
		if !strings.HasPrefix(zf.Name, "xl/charts/chart") {
			continue
		}
		rc, _ := zf.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		x := string(data)
		if strings.Contains(x, "<lineChart>") || strings.Contains(x, "<c:lineChart>") {
			lines++
			// The years only: "(no date)" is not a point in time.
			m := regexp.MustCompile(`\$A\$(\d+):\$A\$(\d+)`).FindStringSubmatch(x)
			if m == nil || m[2] != strconv.Itoa(noDate-1) {
				t.Errorf("year chart categories %q, want up to row %d", m, noDate-1)
			}
		}
		if strings.Contains(x, "Revokes by trick") {
			m := unit.FindStringSubmatch(x)
			if m == nil || strings.Contains(m[1], ".") && !strings.HasSuffix(m[1], ".0") {
				t.Errorf("count axis step %q", m)
			}
			whole++
		}
	}
	if lines != 1 || whole != 1 {
		t.Errorf("%d line charts (want 1, by year), %d by-trick charts checked", lines, whole)
	}
}

func TestCountStep(t *testing.T) {
	for max, want := range map[int]float64{0: 1, 1: 1, 8: 1, 9: 2, 16: 2, 17: 5, 40: 5, 41: 10, 1000: 200} {
		if got := countStep(max); got != want {
			t.Errorf("countStep(%d) = %v, want %v", max, got, want)
		}
	}
}
