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

// Example reads every board of a zip archive of PBN and BBO LIN files (a
// file, a folder, a .gz or tar archive is read alike): a record or a file
// that cannot be read is reported and skipped.
func Example() {
	for b, err := range boards.All("testdata/club.zip") {
		if err != nil {
			fmt.Println("skipped:", err)
			continue
		}
		fmt.Printf("%s board %s: %s by %s, %d cards played\n", b.File, b.Tag("Board"), b.Contract, b.Declarer, len(b.Play))
	}
	// Output:
	// testdata/club.zip!monday.pbn board 1: 2S by W, 8 cards played
	// skipped: testdata/club.zip!monday.pbn:19: game 2: bad-deal: bad hand "AKQ.AKQJ.A5432" in deal
	// testdata/club.zip!monday.pbn board 3: 3NT by N, 0 cards played
	// testdata/club.zip!tuesday.lin board 1: 2S by W, 8 cards played
}

// ExampleOpenAll reads the boards of a folder (its files in sorted order,
// zip and tar archives among them) through one reader, as a
// pbn.BoardReader.
func ExampleOpenAll() {
	r := boards.OpenAll("testdata")
	defer r.Close()
	n, skipped := 0, 0
	for {
		_, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *pbn.ParseError
		if errors.As(err, &pe) {
			skipped++
			continue
		}
		n++
	}
	fmt.Println(n, "boards,", skipped, "skipped")
	// Output:
	// 6 boards, 2 skipped
}

// ExampleWalk lists the PBN and LIN files of a folder and its archives,
// with their sizes decompressed; other files are left out.
func ExampleWalk() {
	err := boards.Walk([]string{"testdata"}, func(name string, r io.Reader, err error) error {
		if err != nil {
			fmt.Println(boards.Problem(name, err))
			return nil
		}
		n, err := io.Copy(io.Discard, r)
		if err != nil {
			fmt.Println(boards.Problem(name, err))
		}
		fmt.Println(name, n)
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// testdata/club.zip!monday.pbn 522
	// testdata/club.zip!tuesday.lin 206
	// testdata/example.lin 206
	// testdata/example.pbn 522
}

// ExampleOpen_file reads one file, PBN or BBO LIN, as the reader of its
// format does.
func ExampleOpen_file() {
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
