package rescore

import (
	"strconv"
	"strings"
	"unicode"

	"revokes/pbn"
)

// The carry-overs of vugraph segments (rescoring.md §9): the vg header's
// field after each team name is the IMPs that team brings into the
// segment. With the previous segment of the same match in the input, each
// team's carry-over must be its carry-over into that segment plus the IMPs
// it won there.

// segment is what the carry-over check needs of one vugraph session.
type segment struct {
	session     int // index in Result.Sessions
	first       *entry
	event, name string
	teams       [2]string  // the vg header's teams, in its order
	carry       [2]string  // their carry-overs, as written
	won         [2]float64 // IMPs each team won on the segment's boards
	scored      bool       // re-scored by teams IMPs
	complete    bool       // every board has both rooms
	text        string     // the name's words, numbers as '#', lower case
	nums        []int      // the numbers of the name
	stated      [2]stated  // the carry-overs read
	readable    bool       // both carry-overs are numbers
	named       bool       // two teams of different names
	key         string     // event and teams, for finding the previous segment
}

// newSegment keeps what the carry-over check needs of the vugraph session
// at index n of res, whose first record is e and whose boards are bs.
func newSegment(e *entry, n int, res *Result, bs []Board) *segment {
	s := &segment{session: n, first: e, event: strings.TrimSpace(e.event), name: strings.TrimSpace(e.round),
		teams: [2]string{strings.TrimSpace(e.home), strings.TrimSpace(e.visit)}, carry: [2]string{e.homeCarry, e.visitCarry}}
	s.text, s.nums = segmentShape(s.name)
	s.readable = true
	for i, c := range s.carry {
		if c = strings.TrimSpace(c); c == "" {
			c = "0" // a carry-over left empty: none
		}
		s.stated[i] = parseStated(c, false)
		s.readable = s.readable && s.stated[i].ok
	}
	a, b := strings.ToLower(s.teams[0]), strings.ToLower(s.teams[1])
	s.named = a != "" && a != b // two teams are needed to tell whose carry-over is whose
	if b < a {
		a, b = b, a
	}
	s.key = strings.ToLower(s.event) + "\x00" + a + "\x00" + b
	s.scored = res.Sessions[n].Method == "imp"
	s.complete = len(bs) > 0
	for i := range bs {
		x := &bs[i]
		if x.Tables != 2 {
			s.complete = false
			continue
		}
		h, v := s.team(x.home), s.team(x.visit)
		if h < 0 || v < 0 || h == v {
			s.complete = false
			continue
		}
		if x.MatchRecorded > 0 {
			s.won[h] += x.MatchRecorded
		} else {
			s.won[v] -= x.MatchRecorded
		}
	}
	return s
}

// team returns the index of the team named name in the segment's header,
// or -1.
func (s *segment) team(name string) int {
	for i, t := range s.teams {
		if strings.EqualFold(t, strings.TrimSpace(name)) {
			return i
		}
	}
	return -1
}

// segmentShape returns a segment name's words in lower case with each
// number as '#', and its numbers: "Seg 4/8" is "seg #/#", 4 and 8.
func segmentShape(name string) (string, []int) {
	var b strings.Builder
	var nums []int
	for i := 0; i < len(name); {
		if name[i] >= '0' && name[i] <= '9' {
			j := i
			for j < len(name) && name[j] >= '0' && name[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(name[i:min(j, i+9)])
			if err != nil {
				n = -1
			}
			nums = append(nums, n)
			b.WriteByte('#')
			i = j
			continue
		}
		b.WriteRune(unicode.ToLower(rune(name[i])))
		i++
	}
	return b.String(), nums
}

// follows reports whether segment s follows segment p: the same words and
// numbers but one, which is one greater ("Seg 4/8" follows "Seg 3/8",
// "Segment 2" follows "Segment 1"; a name without a number follows none).
func (s *segment) follows(p *segment) bool {
	if s.text != p.text || len(s.nums) != len(p.nums) || len(s.nums) == 0 {
		return false
	}
	diff := 0
	for i := range s.nums {
		switch {
		case s.nums[i] == p.nums[i]:
		case s.nums[i] == p.nums[i]+1 && p.nums[i] >= 0:
			diff++
		default:
			return false
		}
	}
	return diff == 1
}

// checkCarries checks the carry-overs of every vugraph segment against
// the previous segment of its match (rescoring.md §9) and counts them in
// their session's totals, or says in a note why they could not be
// checked. A carry-over of 0 and 0 states nothing.
func checkCarries(res *Result, segs []*segment) {
	byKey := map[string][]*segment{}
	for _, s := range segs {
		byKey[s.key] = append(byKey[s.key], s)
	}
	for _, s := range segs {
		if s.readable && s.stated[0].v == 0 && s.stated[1].v == 0 {
			continue
		}
		info := &res.Sessions[s.session]
		shown := strings.TrimSpace(s.teams[0]) + " " + strings.TrimSpace(s.carry[0]) + ", " + strings.TrimSpace(s.teams[1]) + " " + strings.TrimSpace(s.carry[1])
		switch {
		case !s.readable:
			info.Notes = append(info.Notes, pbn.Msg("carry-overs %s: not a number, not checked", shown))
			continue
		case !s.named:
			info.Notes = append(info.Notes, pbn.Msg("carry-overs %s: the two teams are not named apart, not checked", shown))
			continue
		}
		var prevs []*segment
		for _, p := range byKey[s.key] {
			if s.follows(p) {
				prevs = append(prevs, p)
			}
		}
		switch {
		case len(prevs) == 0:
			info.Notes = append(info.Notes, pbn.Msg("carry-overs %s: no previous segment of the match in the input, not checked", shown))
			continue
		case len(prevs) > 1:
			info.Notes = append(info.Notes, pbn.Msg("carry-overs %s: %d files claim the previous segment %q, not checked", shown, len(prevs), prevs[0].name))
			continue
		}
		p := prevs[0]
		switch {
		case !p.scored:
			info.Notes = append(info.Notes, pbn.Msg("carry-overs %s: the previous segment %q (%s) was not re-scored by teams IMPs, not checked", shown, p.name, p.first.file))
			continue
		case !p.complete:
			info.Notes = append(info.Notes, pbn.Msg("carry-overs %s: the previous segment %q (%s) has boards without both rooms, not checked", shown, p.name, p.first.file))
			continue
		}
		s.check(res, p)
	}
}

// check compares each team's carry-over into s with its carry-over into
// the previous segment p plus the IMPs it won there: method-mismatch
// where they differ.
func (s *segment) check(res *Result, p *segment) {
	info := &res.Sessions[s.session]
	for i, t := range s.teams {
		j := p.team(t)
		want := p.stated[j].v + p.won[j]
		info.TotalsStated++
		if s.stated[i].agrees(want) {
			info.TotalsReproduced++
			continue
		}
		res.Problems = append(res.Problems, pbn.Problem{File: s.first.file, Game: int(s.first.game), Line: int(s.first.line),
			Code: CodeMismatch, Severity: pbn.Warning,
			Text: pbn.Msg("segment %q: %s carries over %s IMPs, but %v carried into %q (%s) plus %v won there make %v", s.name, t, strings.TrimSpace(s.carry[i]),
				p.stated[j].v, p.name, p.first.file, p.won[j], want)})
	}
}
