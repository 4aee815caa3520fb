package pbnfile

import (
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// decodeText returns b as a string: unchanged when it is valid UTF-8 (which
// includes plain ASCII), else decoded as Windows-1252, the superset of
// Latin-1 that real PBN writers use. It never fails: a name must never
// fail a board.
func decodeText(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return string(appendWindows1252(make([]byte, 0, len(b)+len(b)/2), b))
}

// appendWindows1252 appends b, decoded as Windows-1252, to dst as UTF-8.
func appendWindows1252(dst, b []byte) []byte {
	for _, c := range b {
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			continue
		}
		dst = utf8.AppendRune(dst, charmap.Windows1252.DecodeByte(c))
	}
	return dst
}

// isASCII reports whether b holds only 7-bit bytes.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if x&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
