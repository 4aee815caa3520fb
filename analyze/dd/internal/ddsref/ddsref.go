//go:build dds

package ddsref

/*
#cgo LDFLAGS: -ldds
#include <dds/dll.h>
*/
import "C"

import (
	"fmt"

	"revokes/pbn"
)

// SingleThread tells DDS to use one thread (and so one transposition
// table), for fair timing.
func SingleThread() {
	C.SetResources(C.int(0), C.int(1))
	C.SetMaxThreads(C.int(1))
}

// CardScore is the DDS score of one card: the tricks of the side to play.
// Equals are the lower cards DDS found equivalent (same suit).
type CardScore struct {
	Card   pbn.Card
	Score  int
	Equals []pbn.Card
}

func makeDeal(hands [4]pbn.Hand, trump pbn.Strain, leader pbn.Seat, played []pbn.Card) C.struct_deal {
	var dl C.struct_deal
	dl.trump = C.int(trump)
	dl.first = C.int(leader)
	for i, c := range played {
		dl.currentTrickSuit[i] = C.int(c.Suit())
		dl.currentTrickRank[i] = C.int(c.Rank())
	}
	for h := 0; h < 4; h++ {
		for s := 0; s < 4; s++ {
			dl.remainCards[h][s] = C.uint(hands[h].Holding(pbn.Suit(s)))
		}
	}
	return dl
}

// Nodes returns DDS's node count for the position (SolveBoard with
// target -1, solutions 1).
func Nodes(hands [4]pbn.Hand, trump pbn.Strain, leader pbn.Seat, played []pbn.Card) int {
	var fut C.struct_futureTricks
	dl := makeDeal(hands, trump, leader, played)
	C.SolveBoard(dl, -1, 1, 1, &fut, 0)
	return int(fut.nodes)
}

// Tricks returns DDS's answer for the most tricks the side to play takes
// (SolveBoard with target -1, solutions 1, mode 1).
func Tricks(hands [4]pbn.Hand, trump pbn.Strain, leader pbn.Seat, played []pbn.Card) (int, error) {
	var fut C.struct_futureTricks
	dl := makeDeal(hands, trump, leader, played)
	if r := C.SolveBoard(dl, -1, 1, 1, &fut, 0); r != C.RETURN_NO_FAULT {
		return 0, fmt.Errorf("ddsref: SolveBoard error %d", int(r))
	}
	return int(fut.score[0]), nil
}

// Scores returns DDS's score of every card (solutions 3).
func Scores(hands [4]pbn.Hand, trump pbn.Strain, leader pbn.Seat, played []pbn.Card) ([]CardScore, error) {
	var fut C.struct_futureTricks
	dl := makeDeal(hands, trump, leader, played)
	if r := C.SolveBoard(dl, -1, 3, 1, &fut, 0); r != C.RETURN_NO_FAULT {
		return nil, fmt.Errorf("ddsref: SolveBoard error %d", int(r))
	}
	out := make([]CardScore, 0, int(fut.cards))
	for i := 0; i < int(fut.cards); i++ {
		su := pbn.Suit(fut.suit[i])
		cs := CardScore{Card: pbn.NewCard(su, pbn.Rank(fut.rank[i])), Score: int(fut.score[i])}
		for r := 2; r <= 14; r++ {
			if int(fut.equals[i])&(1<<r) != 0 {
				cs.Equals = append(cs.Equals, pbn.NewCard(su, pbn.Rank(r)))
			}
		}
		out = append(out, cs)
	}
	return out, nil
}

// Table returns DDS's double-dummy table of a full deal: [strain][seat]
// tricks taken by the side of seat when seat declares (CalcDDtable).
func Table(hands [4]pbn.Hand) ([5][4]int, error) {
	var td C.struct_ddTableDeal
	for h := 0; h < 4; h++ {
		for s := 0; s < 4; s++ {
			td.cards[h][s] = C.uint(hands[h].Holding(pbn.Suit(s)))
		}
	}
	var res C.struct_ddTableResults
	var out [5][4]int
	if r := C.CalcDDtable(td, &res); r != C.RETURN_NO_FAULT {
		return out, fmt.Errorf("ddsref: CalcDDtable error %d", int(r))
	}
	for st := 0; st < 5; st++ {
		for h := 0; h < 4; h++ {
			out[st][h] = int(res.resTable[st][h])
		}
	}
	return out, nil
}
