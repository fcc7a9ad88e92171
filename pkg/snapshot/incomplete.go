package snapshot

// FailedRead is a read that failed part way through a live run, leaving the report possibly
// incomplete: its class says why (decided from the read error's status, never from its wording),
// and Note is the line the report shows for it.
type FailedRead struct {
	// Class is the cause: read-failed (a timeout, a server error, a refused connection),
	// forbidden (then RBAC names the permission the read needs), unauthorized or not-served.
	Class ReasonClass
	// Verb and Resource are the failed request (e.g. list, pods); Namespace is its namespace, ""
	// for a cluster-wide read.
	Verb, Resource, Namespace string
	// RBAC is the permission the read needs when it was forbidden.
	RBAC string
	// Note says it in one line, as the report's incomplete list shows it.
	Note string
}

// String is the note.
func (r FailedRead) String() string { return r.Note }

// Permission reports whether the read failed for lack of permission: the report then names the
// RBAC rule, and the run is not marked as failed (the dependent checks are skipped instead).
func (r FailedRead) Permission() bool { return r.Class == ReasonForbidden }

// Notes are the notes of reads, in order.
func Notes(reads []FailedRead) []string {
	if reads == nil {
		return nil
	}
	out := make([]string, len(reads))
	for i, r := range reads {
		out[i] = r.Note
	}
	return out
}

// addIncomplete records r unless a read with the same note is already recorded.
func (s *Snapshot) addIncomplete(r FailedRead) {
	for _, have := range s.Incomplete {
		if have.Note == r.Note {
			return
		}
	}
	s.Incomplete = append(s.Incomplete, r)
}
