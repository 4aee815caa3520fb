package analyze

// Formula is how an edition computes the tricks a revoke transfers.
type Formula uint8

// The transfer formulas.
const (
	// PerSide is the 1935 rubber code (1936 §27.4): per offending side, two
	// tricks for its first revoke and one for each later one, out of the
	// tricks the side won from its first revoke on.
	PerSide Formula = iota
	// SideBased is 1963 art. 64: per revoke, two tricks if the offending
	// side won two or more from the revoke trick on, else one.
	SideBased
	// PlayerBased is 1987 onward, Law 64A: the revoke trick and one later
	// trick of the side when the offender won the revoke trick (64A1),
	// otherwise one trick (64A2).
	PlayerBased
)

// Scoring is the scoring table an edition uses (laws.md A11, §5).
type Scoring uint8

// The scoring tables.
const (
	Rubber1935    Scoring = iota // 1935 rubber values for the deal only
	Duplicate1963                // 1963–1986 duplicate table
	Duplicate1987                // today's duplicate table (from 1987)
)

// Trick12Partner is what the trick-12 correction does with the card the
// offender's partner played after the revoke (laws.md A5). A
// non-offending player's card played after the revoke is chosen in his
// side's favour in every edition.
type Trick12Partner uint8

// The partner's card in the trick-12 correction.
const (
	// PartnerStands: his card stays as played (1936 §27.1: only the
	// non-offending side may take cards back; 1987 on, 62C/62D, 2007 62D2,
	// 2017 16C: it is his own choice, which the record cannot show).
	PartnerStands Trick12Partner = iota
	// PartnerDictated: the non-offending side may require a particular
	// legal card of him (1963 art. 62), chosen in its favour.
	PartnerDictated
)

// Articles names the article an edition applies in each case; a rule cited
// on a row is the edition's name, a space, and one of these.
type Articles struct {
	Won            string // transfer when the offender won the revoke trick (or any transfer, for per-side and side-based)
	NotWon         string // transfer when he did not (player-based)
	NoTrick        string // the offending side won no trick from the revoke on
	SameSuit       string // same player, same suit again; "" when not an exception
	Dummy          string // revoke from dummy, an exposed hand
	AfterRound     string // attention drawn after the round
	Trick12        string // trick-12 revoke: corrected
	Trick12Late    string // trick-12 revoke noticed too late to correct (laws.md A9); "" when the edition transfers for it
	BothSides      string // both sides revoked; "" when not an exception
	NotEstablished string // the record ends before establishment
}

// Edition is one edition of the laws as a row of data. Adding an edition is
// adding a row to Editions, plus tests.
type Edition struct {
	Name    string // "1936" .. "2017"
	From    int    // yyyymmdd from which -edition auto picks it (laws.md A3)
	Formula Formula
	Scoring Scoring
	Art     Articles

	// ExtraTrick is the 1997 64A2 extra trick: one more when the offender
	// later wins a trick with a card of the suit he withheld.
	ExtraTrick bool
	// Trick12Partner: the offender's partner's card in the trick-12
	// correction (laws.md A5).
	Trick12Partner Trick12Partner
	// Trick12Establishes: a trick-12 revoke is established by play to
	// trick 13 or a claim (1987 on); earlier editions never establish it.
	Trick12Establishes bool
	// Trick12BothSides: an established trick-12 revoke counts when both
	// sides revoked (2007, 2017: 64B7 speaks of established revokes; laws.md
	// A8); earlier editions count tricks 1-11 only.
	Trick12BothSides bool
	// ClaimAssumed: the law names no claim of the record's kind as
	// establishing a revoke, so a row established by a claim says the
	// claim was taken to establish it (1936-1987, laws.md A4).
	ClaimAssumed bool
	// EquityReview: the director restores equity after every exemption
	// (1975 on, Law 64C; laws.md A10).
	EquityReview bool
	// EquityShort: the double-dummy estimate may flag equity-short
	// (1987 on, output.md).
	EquityShort bool
	// BothSidesEquity flags every both-sides revoke for equity (1997, A8).
	BothSidesEquity bool
	// Rubber: a rubber-bridge code, whose round is the cut for the next
	// deal (1936 §27.4(2); laws.md A9).
	Rubber bool
	// Unverified marks an edition whose text was not available (A2).
	Unverified bool
}

// Editions lists every edition, oldest first (laws.md A2, A3, §3).
var Editions = []*Edition{
	{
		Name: "1936", From: 0, Formula: PerSide, Scoring: Rubber1935,
		Trick12Partner: PartnerStands, ClaimAssumed: true, Rubber: true,
		Art: Articles{
			Won: "§27.4", NotWon: "§27.4", NoTrick: "§27.4",
			Dummy: "§27.4(1)", AfterRound: "§27.4(2)",
			Trick12: "§27.2", Trick12Late: "§27.2", NotEstablished: "§27.2",
		},
	},
	{
		Name: "1963", From: 19630101, Formula: SideBased, Scoring: Duplicate1963,
		Trick12Partner: PartnerDictated, ClaimAssumed: true,
		Art: Articles{
			Won: "art. 64", NotWon: "art. 64", NoTrick: "art. 64a", SameSuit: "art. 64b",
			Dummy: "art. 64c", AfterRound: "art. 64d",
			Trick12: "art. 62", Trick12Late: "art. 62", NotEstablished: "art. 63",
		},
	},
	{
		Name: "1975", From: 19750101, Formula: SideBased, Scoring: Duplicate1963, Unverified: true,
		Trick12Partner: PartnerDictated, ClaimAssumed: true, EquityReview: true,
		Art: Articles{
			Won: "art. 64", NotWon: "art. 64", NoTrick: "art. 64a", SameSuit: "art. 64b",
			Dummy: "art. 64c", AfterRound: "art. 64d",
			Trick12: "art. 62", Trick12Late: "art. 62", NotEstablished: "art. 63",
		},
	},
	{
		Name: "1987", From: 19870101, Formula: PlayerBased, Scoring: Duplicate1987, Unverified: true,
		Trick12Partner: PartnerStands, Trick12Establishes: true, ClaimAssumed: true,
		EquityReview: true, EquityShort: true,
		Art: Articles{
			Won: "64A1", NotWon: "64A2", NoTrick: "64B1", SameSuit: "64B2",
			Dummy: "64B3", AfterRound: "64B5",
			Trick12: "62D", NotEstablished: "63A",
		},
	},
	{
		Name: "1997", From: 19970101, Formula: PlayerBased, Scoring: Duplicate1987,
		Trick12Partner: PartnerStands, ExtraTrick: true, Trick12Establishes: true,
		EquityReview: true, EquityShort: true, BothSidesEquity: true,
		Art: Articles{
			Won: "64A1", NotWon: "64A2", NoTrick: "64B1", SameSuit: "64B2",
			Dummy: "64B3", AfterRound: "64B5",
			Trick12: "62D", NotEstablished: "63A",
		},
	},
	{
		Name: "2007", From: 20080101, Formula: PlayerBased, Scoring: Duplicate1987,
		Trick12Partner: PartnerStands, Trick12Establishes: true, Trick12BothSides: true,
		EquityReview: true, EquityShort: true,
		Art: Articles{
			Won: "64A1", NotWon: "64A2", NoTrick: "64B1", SameSuit: "64B2",
			Dummy: "64B3", AfterRound: "64B5",
			Trick12: "62D", Trick12Late: "64B6", BothSides: "64B7", NotEstablished: "63A",
		},
	},
	{
		Name: "2017", From: 20170901, Formula: PlayerBased, Scoring: Duplicate1987,
		Trick12Partner: PartnerStands, Trick12Establishes: true, Trick12BothSides: true,
		EquityReview: true, EquityShort: true,
		Art: Articles{
			Won: "64A1", NotWon: "64A2", NoTrick: "64B1", SameSuit: "64B2",
			Dummy: "64B3", AfterRound: "64B5",
			Trick12: "62D", Trick12Late: "64B6", BothSides: "64B7", NotEstablished: "63A",
		},
	},
}

// EditionByName returns the edition called name, or nil.
func EditionByName(name string) *Edition {
	for _, e := range Editions {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// EditionOn returns the edition in force on a date given as yyyymmdd
// (laws.md A3).
func EditionOn(date int) *Edition {
	e := Editions[0]
	for _, x := range Editions {
		if date >= x.From {
			e = x
		}
	}
	return e
}

// rule returns the citation "<edition> <article>".
func (e *Edition) rule(article string) string { return e.Name + " " + article }
