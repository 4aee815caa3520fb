package boards

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
)

// TestReadAhead checks that reading ahead gives the input's bytes in
// order and then its error, whatever the sizes of the reads on both sides,
// and that Close in the middle ends the goroutine.
func TestReadAhead(t *testing.T) {
	data := make([]byte, 3*readAheadSize+12345)
	for i := range data {
		data[i] = byte(i * 7)
	}
	boom := errors.New("boom")
	for _, tc := range []struct {
		name string
		in   io.Reader
		err  error
	}{
		{"whole", bytes.NewReader(data), nil},
		{"one byte at a time", iotest.OneByteReader(bytes.NewReader(data[:100000])), nil},
		{"half reads", iotest.HalfReader(bytes.NewReader(data)), nil},
		{"error at the end", io.MultiReader(bytes.NewReader(data), iotest.ErrReader(boom)), boom},
		{"data with the error", iotest.DataErrReader(bytes.NewReader(data)), nil},
	} {
		ra := newReadAhead(tc.in)
		got, err := io.ReadAll(iotest.HalfReader(ra))
		ra.Close()
		if err != tc.err {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.err)
		}
		want := data
		if tc.name == "one byte at a time" {
			want = data[:100000]
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes read, want %d (or other bytes)", tc.name, len(got), len(want))
		}
	}
	// Close before the end: the goroutine stops (Close returns).
	ra := newReadAhead(bytes.NewReader(data))
	var buf [10]byte
	if _, err := ra.Read(buf[:]); err != nil {
		t.Fatal(err)
	}
	ra.Close()
}
