package tencent

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The verifier below follows Tencent Cloud's "Signature v3" (TC3-HMAC-SHA256) document,
// https://cloud.tencent.com/document/api/213/30654 (English: https://www.tencentcloud.com/document/api/213/31575),
// written from the document and not from any SDK:
//
//	CanonicalRequest = Method \n CanonicalURI \n CanonicalQueryString \n CanonicalHeaders \n SignedHeaders \n hex(sha256(payload))
//	StringToSign     = "TC3-HMAC-SHA256" \n Timestamp \n Date/service/tc3_request \n hex(sha256(CanonicalRequest))
//	SecretDate = HMAC("TC3"+SecretKey, Date); SecretService = HMAC(SecretDate, service);
//	SecretSigning = HMAC(SecretService, "tc3_request"); Signature = hex(HMAC(SecretSigning, StringToSign))
//
// CanonicalHeaders are the signed headers as "name:value\n", name and value lower-cased and trimmed,
// in the order SignedHeaders lists them (names sorted, at least content-type and host). Date is the
// UTC date of X-TC-Timestamp. A POST's query string is empty.

const algorithm = "TC3-HMAC-SHA256"

// maxSkew is how far X-TC-Timestamp may be from the server's clock (the document's five minutes).
const maxSkew = 5 * time.Minute

// authorization is a parsed Authorization header.
type authorization struct {
	secretID, date, service string
	signedHeaders           []string
	signature               string
}

// parseAuthorization reads "TC3-HMAC-SHA256 Credential=id/date/service/tc3_request,
// SignedHeaders=a;b, Signature=hex".
func parseAuthorization(h string) (authorization, bool) {
	var a authorization
	rest, ok := strings.CutPrefix(h, algorithm+" ")
	if !ok {
		return a, false
	}
	for part := range strings.SplitSeq(rest, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return a, false
		}
		switch k {
		case "Credential":
			f := strings.Split(v, "/")
			if len(f) != 4 || f[3] != "tc3_request" {
				return a, false
			}
			a.secretID, a.date, a.service = f[0], f[1], f[2]
		case "SignedHeaders":
			a.signedHeaders = strings.Split(v, ";")
		case "Signature":
			a.signature = v
		}
	}
	ok = a.secretID != "" && a.service != "" && a.signature != "" &&
		slices.Contains(a.signedHeaders, "content-type") && slices.Contains(a.signedHeaders, "host") &&
		slices.IsSorted(a.signedHeaders)
	return a, ok
}

// verify checks r's TC3 signature over body against the scenario's keys at now. It returns the
// parsed authorization and "" when the request is authentic, else the documented error code.
func verify(r *http.Request, body []byte, keys []Credential, now time.Time) (authorization, string) {
	a, ok := parseAuthorization(r.Header.Get("Authorization"))
	if !ok {
		return a, "AuthFailure.InvalidAuthorization"
	}
	i := slices.IndexFunc(keys, func(k Credential) bool { return k.SecretID == a.secretID })
	if i < 0 {
		return a, "AuthFailure.SecretIdNotFound"
	}
	key := keys[i]
	ts, err := strconv.ParseInt(r.Header.Get("X-TC-Timestamp"), 10, 64)
	if err != nil {
		return a, "AuthFailure.InvalidAuthorization"
	}
	at := time.Unix(ts, 0).UTC()
	if d := now.Sub(at); d > maxSkew || d < -maxSkew {
		return a, "AuthFailure.SignatureExpire"
	}
	if at.Format("2006-01-02") != a.date {
		return a, "AuthFailure.SignatureFailure"
	}
	want := signature(key.SecretKey, a, r, body, at)
	if !hmac.Equal([]byte(want), []byte(a.signature)) {
		return a, "AuthFailure.SignatureFailure"
	}
	if key.Token != r.Header.Get("X-TC-Token") {
		return a, "AuthFailure.TokenFailure"
	}
	return a, ""
}

// signature is the hex signature r should carry when signed with secretKey.
func signature(secretKey string, a authorization, r *http.Request, body []byte, at time.Time) string {
	var canon strings.Builder
	canon.WriteString(r.Method + "\n/\n")
	if r.Method != http.MethodPost {
		canon.WriteString(r.URL.RawQuery)
	}
	canon.WriteString("\n")
	for _, h := range a.signedHeaders {
		v := r.Header.Get(h)
		if h == "host" {
			v = r.Host
		}
		canon.WriteString(h + ":" + strings.ToLower(strings.TrimSpace(v)) + "\n")
	}
	canon.WriteString("\n" + strings.Join(a.signedHeaders, ";") + "\n" + sha256Hex(body))

	scope := a.date + "/" + a.service + "/tc3_request"
	toSign := algorithm + "\n" + strconv.FormatInt(at.Unix(), 10) + "\n" + scope + "\n" + sha256Hex([]byte(canon.String()))
	k := hmacSHA256([]byte("TC3"+secretKey), a.date)
	k = hmacSHA256(k, a.service)
	k = hmacSHA256(k, "tc3_request")
	return hex.EncodeToString(hmacSHA256(k, toSign))
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func hmacSHA256(key []byte, msg string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msg))
	return m.Sum(nil)
}
