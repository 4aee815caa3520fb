package correct

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"revokes/analyze"
	"revokes/pbn"
)

// TestCopy checks each change of a corrected copy, and that every other
// byte stays.
func TestCopy(t *testing.T) {
	ruling := []Ruling{{ID: "abcdefghijkl", Rule: "2017 64A2", Transfer: 1}}
	tests := []struct {
		name string
		src  string
		fix  Fix
		want string
		err  bool
	}{
		{
			name: "result and score, NS declarer",
			src:  "[Event \"x\"]\n[Board \"1\"]\n[Declarer \"S\"]\n[Result \"8\"]\n[Score \"NS 110\"]\n[Play \"W\"]\nSA S2 S3 S4\n*\n\n[Event \"x\"]\n",
			fix:  Fix{Line: 1, Tricks: 9, Score: 140, HasScore: true, DeclNS: true, Rulings: ruling},
			want: "[Event \"x\"]\n[Board \"1\"]\n[Declarer \"S\"]\n[Result \"9\"]\n[Score \"NS 140\"]\n[Play \"W\"]\nSA S2 S3 S4\n*\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]\n\n[Event \"x\"]\n",
		},
		{
			name: "CRLF, EW declarer, a bare score, the second record",
			src:  "[Board \"1\"]\r\n\r\n{ a comment }\r\n[Board \"2\"]\r\n[Result \"10\"]\r\n[Score \"620\"]\r\n",
			fix:  Fix{Line: 4, Tricks: 9, Score: -100, HasScore: true, DeclNS: false, Rulings: ruling},
			want: "[Board \"1\"]\r\n\r\n{ a comment }\r\n[Board \"2\"]\r\n[Result \"9\"]\r\n[Score \"-100\"]\r\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]\r\n",
		},
		{
			name: "both sides, a plus sign, no line end at the end",
			src:  "[Board \"3\"]\n[Result \"8\"]\n[Score \"NS +110 EW -110\"]",
			fix:  Fix{Line: 1, Tricks: 9, Score: 140, HasScore: true, DeclNS: true, Rulings: ruling},
			want: "[Board \"3\"]\n[Result \"9\"]\n[Score \"NS +140 EW -140\"]\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]",
		},
		{
			name: "EW declarer, NS side stated",
			src:  "[Board \"4\"]\n[Result \"10\"]\n[Score \"NS:-620\"]\n",
			fix:  Fix{Line: 1, Tricks: 9, Score: -100, HasScore: true, DeclNS: false, Rulings: ruling},
			want: "[Board \"4\"]\n[Result \"9\"]\n[Score \"NS:100\"]\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]\n",
		},
		{
			name: "no Result tag: one is added; an unreadable Score stays, and is said",
			src:  "[Board \"5\"]\n[Score \"about 110\"]\n[Play \"W\"]\nSA S2 S3 S4\n",
			fix:  Fix{Line: 1, Tricks: 9, Score: 140, HasScore: true, DeclNS: true, Rulings: ruling},
			want: "[Board \"5\"]\n[Score \"about 110\"]\n[Play \"W\"]\nSA S2 S3 S4\n[Result \"9\"]\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]\n",
			err:  true,
		},
		{
			name: "two numbers for one side: the Score stays, and is said",
			src:  "[Board \"5\"]\n[Result \"8\"]\n[Score \"NS 110 110\"]\n",
			fix:  Fix{Line: 1, Tricks: 9, Score: 140, HasScore: true, DeclNS: true, Rulings: ruling},
			want: "[Board \"5\"]\n[Result \"9\"]\n[Score \"NS 110 110\"]\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]\n",
			err:  true,
		},
		{
			name: "a missing separator ends the record; several tags on a line",
			src:  "[Board \"6\"] [Result \"7\"]\n[Board \"7\"]\n[Result \"7\"]\n",
			fix:  Fix{Line: 1, Tricks: 6, Score: -50, HasScore: false, DeclNS: true, Rulings: ruling},
			want: "[Board \"6\"] [Result \"6\"]\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]\n[Board \"7\"]\n[Result \"7\"]\n",
		},
		{
			name: "a Windows-1252 file gets the article's § in its own encoding",
			src:  "[Event \"caf\xe9\"]\n[Result \"8\"]\n",
			fix:  Fix{Line: 1, Tricks: 7, Rulings: []Ruling{{ID: "abcdefghijkl", Rule: "1936 §27.4", Transfer: 1}}},
			want: "[Event \"caf\xe9\"]\n[Result \"7\"]\n[RevokeRuling \"abcdefghijkl 1936 \xa727.4 1\"]\n",
		},
		{
			name: "a marked Result keeps its mark (laws.md A17), spaces kept",
			src:  "[Board \"8\"]\n[Result \" ^5 \"]\n",
			fix:  Fix{Line: 1, Tricks: 8, DeclNS: true, Rulings: ruling},
			want: "[Board \"8\"]\n[Result \" ^8 \"]\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]\n",
		},
		{
			name: "a Result by sides, EW declarer",
			src:  "[Board \"9\"]\n[Result \"NS 4 EW 9\"]\n",
			fix:  Fix{Line: 1, Tricks: 8, DeclNS: false, Rulings: ruling},
			want: "[Board \"9\"]\n[Result \"NS 5 EW 8\"]\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]\n",
		},
		{
			name: "a marked Result by one side",
			src:  "[Board \"10\"]\n[Result \"^NS 9\"]\n",
			fix:  Fix{Line: 1, Tricks: 10, DeclNS: true, Rulings: ruling},
			want: "[Board \"10\"]\n[Result \"^NS 10\"]\n[RevokeRuling \"abcdefghijkl 2017 64A2 1\"]\n",
		},
		{
			name: "a line that starts no record",
			src:  "[Board \"1\"]\n\n",
			fix:  Fix{Line: 2, Tricks: 7},
			want: "[Board \"1\"]\n\n",
			err:  true,
		},
		{
			name: "a line past the end",
			src:  "[Board \"1\"]\n",
			fix:  Fix{Line: 9, Tricks: 7},
			want: "[Board \"1\"]\n",
			err:  true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, errs := Copy([]byte(tc.src), []Fix{tc.fix})
			if string(got) != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
			var e *Error
			if tc.err != (len(errs) == 1 && errors.As(errs[0], &e)) {
				t.Errorf("errors %v, want one: %v", errs, tc.err)
			}
		})
	}
}

// TestCopyManyRecords corrects two records of one file at once and keeps
// the rest byte for byte.
func TestCopyManyRecords(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 5; i++ {
		b.WriteString("[Board \"" + string(rune('0'+i)) + "\"]\n[Result \"8\"]\n\n")
	}
	src := b.String()
	got, errs := Copy([]byte(src), []Fix{
		{Line: 10, Tricks: 9, Rulings: []Ruling{{ID: "bbbbbbbbbbbb", Rule: "2017 64A1", Transfer: 1}}},
		{Line: 4, Tricks: 7, Rulings: []Ruling{{ID: "aaaaaaaaaaaa", Rule: "2017 64A2", Transfer: 1}}},
		{Line: 4, Tricks: 7, Rulings: []Ruling{{ID: "aaaaaaaaaaaa", Rule: "2017 64A2", Transfer: 1}}}, // the file read twice
	})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := strings.Replace(src, "[Board \"2\"]\n[Result \"8\"]\n", "[Board \"2\"]\n[Result \"7\"]\n[RevokeRuling \"aaaaaaaaaaaa 2017 64A2 1\"]\n", 1)
	want = strings.Replace(want, "[Board \"4\"]\n[Result \"8\"]\n", "[Board \"4\"]\n[Result \"9\"]\n[RevokeRuling \"bbbbbbbbbbbb 2017 64A1 1\"]\n", 1)
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestTarget checks where each input's copy goes (rescoring.md §10).
func TestTarget(t *testing.T) {
	tests := []struct{ name, want string }{
		{"club/2019.pbn", "out/club/2019.pbn"},
		{"/data/club/2019.pbn", "out/data/club/2019.pbn"},
		{"../shared/x.pbn", "out/shared/x.pbn"},
		{"x.pbn.gz", "out/x.pbn"},
		{"a/b.zip!m/x.pbn", "out/a/b.zip/m/x.pbn"},
		{"b.tgz!x.pbn", "out/b.tgz/x.pbn"},
		{"b.zip!../../etc/x.pbn", ""}, // laws.md A17: refused
		{"b.zip!/etc/x.pbn", ""},
		{"..", ""},
	}
	for _, tc := range tests {
		got, err := Target("out", tc.name)
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("Target(%q) = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}

// TestFixOf checks which boards get a fix and what their tags state: the
// applied transfers, and a trick-12 correction's change of tricks (laws.md
// A5) on its own tag, negative when it gave the offending side a trick.
func TestFixOf(t *testing.T) {
	rv := func(id string, off pbn.Seat, transfer int, applied bool, flags ...string) analyze.Revoke {
		return analyze.Revoke{ID: id, Offender: off, Transfer: transfer, Applied: applied, Rule: "2017 64A1", Flags: flags}
	}
	tests := []struct {
		name               string
		recorded, adjusted int
		revs               []analyze.Revoke
		want               []int // the transfers of the tags; nil: no fix
	}{
		{"a defender's transfer", 8, 9, []analyze.Revoke{rv("a", pbn.East, 1, true)}, []int{1}},
		{"declarer's side and a defender's", 7, 6, []analyze.Revoke{rv("a", pbn.North, 2, true), rv("b", pbn.East, 1, true)}, []int{2, 1}},
		{"not applied: no fix", 8, 8, []analyze.Revoke{rv("a", pbn.East, 1, false)}, nil},
		{"an applied revoke among others not applied", 8, 9, []analyze.Revoke{rv("a", pbn.East, 1, true), rv("b", pbn.West, 2, false)}, []int{1}},
		{"trick 12 corrected, declarer loses a trick", 7, 6, []analyze.Revoke{rv("a", pbn.South, 0, true, analyze.FlagTrick12)}, []int{1}},
		{"trick 12 corrected, the offenders gain a trick", 7, 6, []analyze.Revoke{rv("a", pbn.East, 0, true, analyze.FlagTrick12)}, []int{-1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &analyze.Findings{Board: &pbn.Board{Line: 3, Declarer: pbn.North}, HasTricks: true,
				TricksRecorded: tc.recorded, TricksAdjusted: tc.adjusted, Revokes: tc.revs}
			fx, ok := FixOf(f)
			if ok != (tc.want != nil) {
				t.Fatalf("fix %v, want %v", ok, tc.want != nil)
			}
			var got []int
			for _, r := range fx.Rulings {
				got = append(got, r.Transfer)
			}
			if ok && (fx.Tricks != tc.adjusted || fx.Line != 3 || !slices.Equal(got, tc.want)) {
				t.Errorf("fix %+v, tags %v; want %d tricks, tags %v", fx, got, tc.adjusted, tc.want)
			}
		})
	}
}
