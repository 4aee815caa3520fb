package rescore

// An individual event's per-player values (rescoring.md §9).

import (
	"strings"

	"revokes/pbn"
)

// players are the values an individual event's traveller row states for
// each player (MP_North … Percentage_West, rescoring.md §9): matchpoints,
// percentages and IMPs, by seat, and the players' ids.
type players struct {
	mp, pct, imp [4]stated
	id           [4]string // PlayerId_North …
}

// playerCell reads a per-player column's cell into the row.
func (st *sessionState) playerCell(e, r *entry, col, v string) {
	kind, seat, _ := strings.Cut(col, "_")
	s, ok := pbn.ParseSeat(strings.ToUpper(seat)[0])
	if !ok || strings.TrimSpace(v) == "" {
		return
	}
	if r.players == nil {
		r.players = &players{}
	}
	if kind == "playerid" {
		r.players.id[s] = st.c.intern(strings.TrimSpace(v))
		return
	}
	x := st.cell(e, col, v, false)
	switch kind {
	case "mp":
		r.players.mp[s] = x
	case "percentage":
		r.players.pct[s] = x
	case "imp":
		r.players.imp[s] = x
	}
}

// individual reports whether the session's travellers state per-player
// values (an individual event).
func individual(es []*entry) bool {
	for _, e := range es {
		if e.players != nil {
			return true
		}
	}
	return false
}

// playerValues compares a result's per-player values with its side's
// value (rescoring.md §9: a player's value is his direction's): each cell
// is one stated value. v and pct are North-South's in the board's frame;
// flip: the record's seats are turned.
func (st *sessionState) playerValues(x *entry, flip bool, v, pct, top float64, rp *reproduction) {
	if x.players == nil {
		return
	}
	type check struct {
		cell stated
		want float64
	}
	for s := range 4 {
		ns := (s%2 == 0) != flip // the player sits North-South in the board's frame
		var checks []check
		if st.isMP() {
			want, wantPct := v, pct
			if !ns {
				want, wantPct = top-v, 100-pct
			}
			if st.centred {
				want -= top / 2
			}
			checks = []check{{x.players.mp[s], want}, {x.players.pct[s], wantPct}}
		} else {
			want := v
			if !ns {
				want = -v
			}
			checks = []check{{x.players.imp[s], want}}
		}
		for _, c := range checks {
			if c.cell.ok {
				rp.stated++
				if c.cell.agrees(c.want) {
					rp.repr++
					rp.reprAlt++
				}
			}
		}
	}
}

// addPlayers counts a result's values into the totals of its four players
// when the row names them (PlayerId_North …, an individual event): each
// player gets his direction's value (rescoring.md §9), his own stated cell
// when the file gives one (matchpoints, IMPs), else the row's. It reports
// whether it did.
func (st *sessionState) addPlayers(x *entry, flip bool, rec, adj [2]float64, top float64, sv [2]stated, agreed bool) bool {
	p := x.players
	if p == nil || p.id == [4]string{} {
		return false
	}
	for s, id := range p.id {
		d := 0 // North-South in the board's frame
		if (s%2 == 0) == flip {
			d = 1
		}
		own := p.imp[s]
		if st.isMP() {
			own = p.mp[s]
			if own.ok && st.centred {
				own.v += top / 2
			}
		}
		cellAgreed := agreed
		if own.ok {
			// The player's own cell: the corrected copy states his new
			// value where the cell states the recorded one (texts.go).
			cellAgreed = own.agrees(rec[d])
		} else {
			own = sv[d]
		}
		st.add(x, id, "", rec[d], adj[d], top).sat([2]string{"NS", "EW"}[d]).statedValue(own, adj[d], cellAgreed)
	}
	return true
}
