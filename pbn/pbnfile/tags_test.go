package pbnfile

import (
	"strings"
	"testing"

	"revokes/pbn/pbntest"
)

// TestHistLater checks "#" values against records whose tags differ, so
// that the record whose values wait (Reader.pend) is sometimes made moot
// by the next one and sometimes not.
func TestHistLater(t *testing.T) {
	in := "[Event \"E1\"]\n[Site \"S1\"]\n[Date \"D1\"]\n\n" +
		"[Event \"E2\"]\n[Date \"D2\"]\n\n" + // no Site: S1 stays
		"[Event \"E3\"]\n[Site \"#\"]\n[Date \"#\"]\n\n" +
		"[Event \"E4\"]\n[Site \"S4\"]\n[X_u \"u4\"]\n\n" + // an unknown tag
		"[Event \"#\"]\n[Site \"#\"]\n[X_u \"#\"]\n[Note \"n5\"]\n\n" +
		"[Event \"E6\"]\n\n" +
		"[Note \"#\"]\n[Date \"#\"]\n"
	r := NewReader(strings.NewReader(in))
	boards, errs := pbntest.ReadAll(t, "hist", r)
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	want := []string{
		"Event=E1 Site=S1 Date=D1",
		"Event=E2 Date=D2",
		"Event=E3 Site=S1 Date=D2",
		"Event=E4 Site=S4 X_u=u4",
		"Event=E4 Site=S4 X_u=u4 Note=n5",
		"Event=E6",
		"Note=# Date=D2", // a Note is never inherited
	}
	for i, b := range boards {
		var got []string
		for _, tg := range b.Tags {
			got = append(got, tg.Name+"="+tg.Value)
		}
		if g := strings.Join(got, " "); i >= len(want) || g != want[i] {
			t.Errorf("board %d: %s, want %s", i+1, g, want[min(i, len(want)-1)])
		}
	}
	if len(boards) != len(want) {
		t.Errorf("%d boards, want %d", len(boards), len(want))
	}
}
