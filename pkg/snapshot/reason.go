package snapshot

import (
	"errors"
	"slices"
)

// ReasonClass is why a check could not run, from a fixed set: a bounded value set where the cause
// is known (the status of the read error, the input the snapshot lacks, the check's own reason),
// never read back from the reason's wording.
type ReasonClass string

// Reason classes.
const (
	// ReasonForbidden: the API server refused the read (403).
	ReasonForbidden ReasonClass = "forbidden"
	// ReasonUnauthorized: the API server rejected the credentials (401).
	ReasonUnauthorized ReasonClass = "unauthorized"
	// ReasonNotServed: the cluster does not serve the resource's API (a CRD not installed).
	ReasonNotServed ReasonClass = "not-served"
	// ReasonReadFailed: the read failed for another cause (a timeout, a refused connection).
	ReasonReadFailed ReasonClass = "read-failed"
	// ReasonNotFound: an object the check needs is known not to exist.
	ReasonNotFound ReasonClass = "not-found"
	// ReasonMissingInput: the object was not fetched, or the input files do not hold it.
	ReasonMissingInput ReasonClass = "missing-input"
	// ReasonProvider: a forced provider has no checks for the target.
	ReasonProvider ReasonClass = "provider"
	// ReasonOther: any other cause, e.g. a value the check cannot interpret.
	ReasonOther ReasonClass = "other"
)

// ReasonClasses lists every ReasonClass.
func ReasonClasses() []ReasonClass {
	return []ReasonClass{ReasonForbidden, ReasonUnauthorized, ReasonNotServed, ReasonReadFailed, ReasonNotFound,
		ReasonMissingInput, ReasonProvider, ReasonOther}
}

// Valid reports whether c is one of ReasonClasses.
func (c ReasonClass) Valid() bool { return slices.Contains(ReasonClasses(), c) }

// ClassOf is the class of a skip caused by err: the Class of the *UnknownError it wraps, not-found
// for a *NotFoundError, other for any other error.
func ClassOf(err error) ReasonClass {
	var u *UnknownError
	if errors.As(err, &u) {
		return u.Class
	}
	if IsNotFound(err) {
		return ReasonNotFound
	}
	return ReasonOther
}
