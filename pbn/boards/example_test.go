package boards_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"strings"

	"revokes/pbn"
	"revokes/pbn/boards"
)

// Example reads every board of an archive, PBN or BBO LIN alike: a record
// that cannot be read is reported and skipped, any other error ends the
// reading.
func Example() {
	r, err := boards.Open("testdata/example.pbn")
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	for {
		b, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *pbn.ParseError
		if errors.As(err, &pe) {
			fmt.Println("skipped:", pe)
			continue
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("board %s: %s by %s, %d cards played\n", b.Tag("Board"), b.Contract, b.Declarer, len(b.Play))
	}
	// Output:
	// board 1: 2S by W, 8 cards played
	// skipped: testdata/example.pbn:19: game 2: bad-deal: bad hand "AKQ.AKQJ.A5432" in deal
	// board 3: 3NT by N, 0 cards played
}

// ExampleOpen opens a BBO LIN file: the format is told by the content.
func ExampleOpen() {
	r, err := boards.Open("testdata/example.lin")
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	b, err := r.Read()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Format, b.Tag("Board"), b.Players)
	fmt.Println(b.Contract, "by", b.Declarer, "claim", b.ClaimTricks, "after", len(b.Play), "cards")
	// Output:
	// lin 1 [Cat Dan Ann Bob]
	// 2S by W claim 8 after 8 cards
}

// ExampleNewReader reads boards from any io.Reader; input that is neither
// PBN nor LIN is refused at once.
func ExampleNewReader() {
	_, _, err := boards.NewReader(strings.NewReader("Board 1: 4S by N, made\n"), "notes.txt")
	fmt.Println(err)
	// Output:
	// notes.txt:1: unknown-format: the file is neither PBN nor BBO LIN
}

// ExampleSniff tells the format from the first bytes.
func ExampleSniff() {
	fmt.Println(boards.Sniff([]byte("% PBN 2.1\n[Event \"Club night\"]\n")))
	fmt.Println(boards.Sniff([]byte("pn|Ann,Bob,Cat,Dan|md|3SK74,")))
	fmt.Println(boards.Sniff([]byte("Board 1")))
	// Output:
	// pbn
	// lin
	// unknown
}
