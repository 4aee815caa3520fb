// LIN reading: the calls (mb) of the auction.

package linfile

import (
	"strconv"

	"revokes/pbn"
)

// Normalised call texts, indexed by call code.
var linCallText = func() []string {
	t := []string{"Pass", "X", "XX"}
	for l := 1; l <= 7; l++ {
		for s := pbn.Strain(0); s <= pbn.NoTrump; s++ {
			t = append(t, strconv.Itoa(l)+s.String())
		}
	}
	return t
}()

// linCallCode reads an mb value without its alert marks: its pbn call code
// (pbn.CallPass, CallDouble, CallRedouble, BidCode): 0 pass, 1 double,
// 2 redouble, 3 + 5*(level-1) + strain for a bid.
func linCallCode(t []byte) (uint8, bool) {
	switch len(t) {
	case 1:
		switch t[0] | 0x20 {
		case 'p':
			return 0, true
		case 'd', 'x':
			return 1, true
		case 'r':
			return 2, true
		}
		return 0, false
	case 0:
		return 0, false
	}
	if t[0] >= '1' && t[0] <= '7' {
		level := t[0] - '1'
		var st pbn.Strain
		switch {
		case len(t) == 2 && (t[1]|0x20) == 'n':
			st = pbn.NoTrump
		case len(t) == 3 && (t[1]|0x20) == 'n' && (t[2]|0x20) == 't':
			st = pbn.NoTrump
		case len(t) == 2:
			s, ok := pbn.ParseSuit(t[1])
			if !ok {
				return 0, false
			}
			st = pbn.Strain(s)
		default:
			return 0, false
		}
		return pbn.BidCode(int(level)+1, st), true
	}
	switch linLower(t) {
	case "pass":
		return 0, true
	case "dbl", "double":
		return 1, true
	case "xx", "rdbl", "redouble":
		return 2, true
	}
	return 0, false
}

// linQuickCall returns 1 + the code of a plain mb value of one or two
// bytes ("p", "d", "r", "1S", "3N" in either case, no blanks, no alert
// mark), else 0: the value is then read by linCallCode.
func linQuickCall(v []byte) uint8 {
	switch len(v) {
	case 1:
		return linCallOf[v[0]]
	case 2:
		if level := v[0] - '1'; level < 7 {
			if st := linStrainOf[v[1]]; st != 0 {
				return 3 + 5*level + st
			}
		}
	}
	return 0
}

// linCallOf maps a one-byte call to 1 + its code, linStrainOf a byte to 1
// + its strain (0 when the byte is neither).
var linCallOf, linStrainOf = func() (c, s [256]uint8) {
	for _, ch := range "pP" {
		c[ch] = 1
	}
	for _, ch := range "dDxX" {
		c[ch] = 2
	}
	for _, ch := range "rR" {
		c[ch] = 3
	}
	for i := range s {
		s[i] = pbn.SuitCode(byte(i)) // 1 + suit, and a suit is its strain
	}
	s['n'], s['N'] = 1+uint8(pbn.NoTrump), 1+uint8(pbn.NoTrump)
	return
}()

// linLower returns short ASCII text in lower case ("" when longer than 8).
func linLower(t []byte) string {
	if len(t) > 8 {
		return ""
	}
	var b [8]byte
	for i, ch := range t {
		if ch >= 'A' && ch <= 'Z' {
			ch += 'a' - 'A'
		}
		b[i] = ch
	}
	return string(b[:len(t)])
}

// call reads an mb value.
func (r *Reader) call(v []byte, line int) {
	c := &r.cur
	code, alert := linQuickCall(v), false
	if code != 0 {
		code--
	} else {
		t := linTrim(v)
		for len(t) > 0 && (t[len(t)-1] == '!' || t[len(t)-1] == '?') {
			alert = alert || t[len(t)-1] == '!'
			t = linTrim(t[:len(t)-1])
		}
		if len(t) == 0 {
			r.warn(line, "empty-value", pbn.Msg("empty mb skipped"))
			return
		}
		if len(t) == 1 && t[0] == '-' {
			// laws.md A22: an empty cell of an auction grid from West,
			// not a call; the auction starts with the dealer's call.
			return
		}
		var ok bool
		if code, ok = linCallCode(t); !ok {
			r.fail(line, "bad-call", pbn.Msg("unknown call %q in mb", linShort(v)))
			return
		}
	}
	if len(c.calls) >= linMaxCalls {
		if len(c.calls) == linMaxCalls {
			r.warn(line, "too-many-calls", pbn.Msg("more than %d calls; the rest is skipped", linMaxCalls))
			c.calls = append(c.calls, pbn.Call{})
		}
		return
	}
	if c.calls == nil {
		c.calls = r.slab.open()
	}
	c.calls = append(c.calls, pbn.Call{Text: linCallText[code], Alert: alert})
	c.codes = append(c.codes, code)
}
