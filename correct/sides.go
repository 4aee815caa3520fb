package correct

import "iter"

// A value of sides and numbers ("NS 9 EW 4", "NS:-620", "NS110",
// "EW 40 NS 60", "3,5"; formats.md §1.3 and §1.9, rescoring.md §9) is read
// here piece by piece, so that the Result, the Score and the stated values
// are read alike and differ only in what each accepts.

// pieceKind tells what a piece of a sides value is.
type pieceKind uint8

const (
	sidePiece   pieceKind = iota // "NS" or "EW", in any case
	blankPiece                   // a space or a tab
	colonPiece                   // ':', as in "NS:620"
	numberPiece                  // a sign, digit, '.' or ',' and the digits, '.' and ',' after it
	otherPiece                   // any other byte
)

// A piece is a kind and its bytes of the value.
type piece struct {
	kind pieceKind
	text []byte
}

// ns reports whether a side piece names North-South.
func (p piece) ns() bool { return upper(p.text[0]) == 'N' }

// pieces yields v's pieces in order; their bytes together are v.
func pieces(v []byte) iter.Seq[piece] {
	return func(yield func(piece) bool) {
		for len(v) > 0 {
			kind, n := pieceAt(v)
			if !yield(piece{kind, v[:n]}) {
				return
			}
			v = v[n:]
		}
	}
}

// pieceAt returns the kind and length of the piece v starts with.
func pieceAt(v []byte) (pieceKind, int) {
	c := v[0]
	switch {
	case len(v) > 1 && (upper(c) == 'N' && upper(v[1]) == 'S' || upper(c) == 'E' && upper(v[1]) == 'W'):
		return sidePiece, 2
	case c == ' ' || c == '\t':
		return blankPiece, 1
	case c == ':':
		return colonPiece, 1
	case c == '+' || c == '-' || c == '.' || c == ',' || digit(c):
		n := 1
		for n < len(v) && (v[n] == '.' || v[n] == ',' || digit(v[n])) {
			n++
		}
		return numberPiece, n
	}
	return otherPiece, 1
}

// rewriteNumbers returns v with each number replaced by what number
// appends for it, given whether its side is North-South; sides, blanks
// and colons are kept. A number is of the side named just before it, or,
// in a value that names no side, declarer's side. It reports false for a
// value of another form (formats.md §1.9: "n", "NS n", "EW n", both sides
// in either order): any other byte, no number, a side without its number
// or named twice, two numbers for one side, a sign or point without a
// digit; or when number refuses one.
func rewriteNumbers(v []byte, declNS bool, number func(out []byte, ns bool, text []byte) ([]byte, bool)) ([]byte, bool) {
	var out []byte
	ns, numbers := declNS, 0
	var named [2]bool // the sides named, North-South and East-West
	pending := false  // a side named whose number is not read yet
	bare := false     // a number read before any side
	for p := range pieces(v) {
		switch p.kind {
		case sidePiece:
			i := 0
			if !p.ns() {
				i = 1
			}
			if pending || bare || named[i] {
				return nil, false
			}
			named[i], pending, ns = true, true, p.ns()
		case numberPiece:
			if !pending && (bare || named != [2]bool{}) || !hasDigit(p.text) {
				return nil, false
			}
			bare, pending = !pending, false
			var ok bool
			if out, ok = number(out, ns, p.text); !ok {
				return nil, false
			}
			numbers++
			continue
		case otherPiece:
			return nil, false
		}
		out = append(out, p.text...)
	}
	return out, numbers > 0 && !pending
}

// hasDigit reports whether a number piece holds a digit.
func hasDigit(text []byte) bool {
	for _, c := range text {
		if digit(c) {
			return true
		}
	}
	return false
}

// whole reports whether a number piece is a whole number, with or without
// a sign.
func whole(text []byte) bool {
	if text[0] == '+' || text[0] == '-' {
		text = text[1:]
	}
	return unsigned(text)
}

// unsigned reports whether text is digits only, at least one.
func unsigned(text []byte) bool {
	for _, c := range text {
		if !digit(c) {
			return false
		}
	}
	return len(text) > 0
}

func digit(c byte) bool { return c >= '0' && c <= '9' }

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}
