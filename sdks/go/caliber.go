// Package portalsdk is the Games Portal SDK: the Caliber launcher login (sign a player in with a password or
// PIN, then exchange the one-time code on the game server), entitlements (what players bought, handed over by
// the game server), player safety (reports and standing) and signed webhooks. Standard library only.
package portalsdk

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// LoginError is a sign-in the portal refused; Code is e.g. INVALID_CREDENTIALS or PIN_LOCKED.
type LoginError struct {
	Code    string
	Message string
}

func (e *LoginError) Error() string { return e.Message }

// PortalError is any other failure: the HTTP status (429 when rate-limited) and the portal's message.
type PortalError struct {
	Status  int
	Message string
	// Code is the portal's error code when it sent one, e.g. CHALLENGE_REQUIRED.
	Code string
	// challenge is the proof-of-work challenge of a CHALLENGE_REQUIRED reply, as the portal sent it.
	challenge json.RawMessage
}

func (e *PortalError) Error() string { return fmt.Sprintf("portal: %d %s", e.Status, e.Message) }

// PlayerIdentity is what a one-time code stands for.
type PlayerIdentity struct {
	UUID      string  `json:"uuid"`
	Email     string  `json:"email"`
	Nickname  *string `json:"nickname"`
	Game      string  `json:"game"`
	Developer bool    `json:"developer"`
	Method    string  `json:"method"`
}

var httpClient = &http.Client{Timeout: 15 * time.Second}

// call sends a POST with a JSON body, or a GET when body is nil, with headers, and decodes the reply into
// out; it returns the reply's headers.
func call(ctx context.Context, baseURL, path string, body any, headers map[string]string, out any) (http.Header, error) {
	method, reader := http.MethodGet, io.Reader(nil)
	if body != nil {
		payload, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		method, reader = http.MethodPost, bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(baseURL, "/")+"/"+path, reader)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	for name, value := range headers {
		req.Header.Set(name, value)
	}
	res, err := httpClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode >= 400 {
		var problem struct {
			Message   string          `json:"message"`
			Code      string          `json:"code"`
			Challenge json.RawMessage `json:"challenge"`
		}
		_ = json.NewDecoder(res.Body).Decode(&problem)
		if problem.Message == "" {
			problem.Message = res.Status
		}
		return res.Header, &PortalError{Status: res.StatusCode, Message: problem.Message, Code: problem.Code, challenge: problem.Challenge}
	}
	return res.Header, json.NewDecoder(res.Body).Decode(out)
}

func bearer(key string) map[string]string { return map[string]string{"Authorization": "Bearer " + key} }

// CodeFromRedirect returns the one-time code in a launcher redirect URL such as caliber://login?code=...
func CodeFromRedirect(redirectURL string) (string, error) {
	_, query, _ := strings.Cut(redirectURL, "?")
	values, err := url.ParseQuery(query)
	if err != nil || values.Get("code") == "" {
		return "", errors.New("the redirect URL carries no code")
	}
	return values.Get("code"), nil
}

// LauncherClient signs players in, as the Caliber launcher does. A password sign-in makes the launcher a known
// device: DeviceToken (the portal's Device-Token header) is sent with every later sign-in, and the PIN works
// only with it. Keep it with the launcher's settings and set it again on the next start.
type LauncherClient struct {
	BaseURL     string
	Developer   bool
	DeviceToken string
}

// LoginWithPassword calls POST /api/login-caliber and returns the redirect URL and its code.
func (c *LauncherClient) LoginWithPassword(ctx context.Context, email, password string) (string, string, error) {
	return c.login(ctx, "api/login-caliber", map[string]any{"email": email, "password": password, "developer": c.Developer})
}

// LoginWithPin calls POST /api/login-pin-caliber; user is the player's email or account uuid.
func (c *LauncherClient) LoginWithPin(ctx context.Context, user, pin string) (string, string, error) {
	return c.login(ctx, "api/login-pin-caliber", map[string]any{"user": user, "pin": pin, "developer": c.Developer})
}

type launcherReply struct {
	Data struct {
		RedirectURL  string `json:"redirectURL"`
		ErrorMessage string `json:"errorMessage"`
		ErrorCode    string `json:"errorCode"`
	} `json:"data"`
}

func (c *LauncherClient) send(ctx context.Context, path string, body map[string]any) (*launcherReply, error) {
	var reply launcherReply
	headers := map[string]string{}
	if c.DeviceToken != "" {
		headers["Device-Token"] = c.DeviceToken
	}
	seen, err := call(ctx, c.BaseURL, path, body, headers, &reply)
	if err != nil {
		return nil, err
	}
	if token := seen.Get("Device-Token"); token != "" {
		c.DeviceToken = token
	}
	return &reply, nil
}

func (c *LauncherClient) login(ctx context.Context, path string, body map[string]any) (string, string, error) {
	reply, err := c.send(ctx, path, body)
	var refused *PortalError
	// Past an account's failed sign-ins from unknown clients the portal asks for a proof of work: solved, it
	// opens this one attempt (once; a second refusal is the caller's).
	if errors.As(err, &refused) && refused.Code == challengeRequired {
		altcha, solveErr := solveChallenge(ctx, refused)
		if solveErr != nil {
			return "", "", solveErr
		}
		body["altcha"] = altcha
		reply, err = c.send(ctx, path, body)
	}
	if err != nil {
		return "", "", err
	}
	if reply.Data.ErrorMessage != "" {
		return "", "", &LoginError{Code: reply.Data.ErrorCode, Message: reply.Data.ErrorMessage}
	}
	code, err := CodeFromRedirect(reply.Data.RedirectURL)
	if err != nil {
		return "", "", err
	}
	return reply.Data.RedirectURL, code, nil
}

const (
	challengeRequired = "CHALLENGE_REQUIRED"
	// challengeAlgorithm is the proof of work the portal asks for (ALTCHA v2): PBKDF2 with SHA-256 over the
	// nonce and a counter.
	challengeAlgorithm = "PBKDF2/SHA-256"
	// challengeWorkLimit is the most PBKDF2 rounds spent on one challenge: ten times the portal's hardest (a
	// counter below 4,000 at 1,000 rounds each, about a second), so a launcher never works without end.
	challengeWorkLimit = 40_000_000
)

var (
	hexBytes  = regexp.MustCompile(`^(?:[0-9a-fA-F]{2})+$`)
	hexDigits = regexp.MustCompile(`^[0-9a-fA-F]+$`)
)

// solveChallenge solves the challenge of a 429 CHALLENGE_REQUIRED reply: the first counter (4 bytes,
// big-endian, after the nonce) whose PBKDF2 key, salted with the challenge's salt, starts with its keyPrefix.
// It returns the altcha field to repeat the request with (base64 JSON {challenge, solution}); a challenge it
// cannot solve within challengeWorkLimit rounds is a *PortalError 429 saying why.
func solveChallenge(ctx context.Context, refused *PortalError) (string, error) {
	unsolved := func(reason string) error {
		return &PortalError{Status: 429, Code: challengeRequired,
			Message: "The portal's proof-of-work challenge could not be solved: " + reason + "."}
	}
	var challenge struct {
		Parameters struct {
			Algorithm string `json:"algorithm"`
			Nonce     string `json:"nonce"`
			Salt      string `json:"salt"`
			Cost      int    `json:"cost"`
			KeyLength int    `json:"keyLength"`
			KeyPrefix string `json:"keyPrefix"`
		} `json:"parameters"`
	}
	if err := json.Unmarshal(refused.challenge, &challenge); err != nil {
		return "", unsolved("it is malformed")
	}
	p := challenge.Parameters
	if p.Algorithm != challengeAlgorithm {
		return "", unsolved(fmt.Sprintf("its algorithm %s is not %s", p.Algorithm, challengeAlgorithm))
	}
	if p.KeyLength == 0 {
		p.KeyLength = 32
	}
	if !hexBytes.MatchString(p.Nonce) || !hexBytes.MatchString(p.Salt) || !hexDigits.MatchString(p.KeyPrefix) ||
		p.Cost < 1 || p.KeyLength < 1 {
		return "", unsolved("it is malformed")
	}
	nonce, _ := hex.DecodeString(p.Nonce)
	salt, _ := hex.DecodeString(p.Salt)
	prefix := strings.ToLower(p.KeyPrefix)
	password := append(nonce, 0, 0, 0, 0)
	tries := challengeWorkLimit / p.Cost
	for counter := 0; counter < tries; counter++ {
		if counter%100 == 0 && ctx.Err() != nil {
			return "", ctx.Err()
		}
		binary.BigEndian.PutUint32(password[len(nonce):], uint32(counter))
		derivedKey := hex.EncodeToString(pbkdf2SHA256(password, salt, p.Cost, p.KeyLength))
		if strings.HasPrefix(derivedKey, prefix) {
			payload, err := json.Marshal(map[string]any{
				"challenge": refused.challenge,
				"solution":  map[string]any{"counter": counter, "derivedKey": derivedKey},
			})
			if err != nil {
				return "", err
			}
			return base64.StdEncoding.EncodeToString(payload), nil
		}
	}
	return "", unsolved(fmt.Sprintf("no solution within %d PBKDF2 rounds", challengeWorkLimit))
}

// pbkdf2SHA256 is PBKDF2 (RFC 8018) with HMAC-SHA-256: the standard library has it only from Go 1.24.
func pbkdf2SHA256(password, salt []byte, rounds, keyLength int) []byte {
	prf := hmac.New(sha256.New, password)
	key := make([]byte, 0, keyLength+sha256.Size)
	u := make([]byte, 0, sha256.Size)
	block := make([]byte, sha256.Size)
	for index := uint32(1); len(key) < keyLength; index++ {
		prf.Reset()
		prf.Write(salt)
		prf.Write(binary.BigEndian.AppendUint32(nil, index))
		u = prf.Sum(u[:0])
		copy(block, u)
		for round := 1; round < rounds; round++ {
			prf.Reset()
			prf.Write(u)
			u = prf.Sum(u[:0])
			for i := range block {
				block[i] ^= u[i]
			}
		}
		key = append(key, block...)
	}
	return key[:keyLength]
}

// GameServer works with a game's server key: it exchanges one-time codes (Caliber, once, within 60 s), hands
// over what players bought (Yggdra, Tales Runner), reads players' standing and reports players (every game).
// Keep the server key secret.
type GameServer struct {
	BaseURL   string
	ServerKey string
}

// ExchangeCode calls POST /api/game-login/exchange.
func (s *GameServer) ExchangeCode(ctx context.Context, code string) (*PlayerIdentity, error) {
	if s.ServerKey == "" {
		return nil, errors.New("ServerKey is required")
	}
	var reply struct {
		Data PlayerIdentity `json:"data"`
	}
	if _, err := call(ctx, s.BaseURL, "api/game-login/exchange", map[string]string{"code": code}, bearer(s.ServerKey), &reply); err != nil {
		return nil, err
	}
	return &reply.Data, nil
}

// Entitlement is what a paid order owes a player in the game: hand over Quantity of Sku, then consume it.
type Entitlement struct {
	ID     string `json:"id"`
	Player string `json:"player"`
	Game   string `json:"game"`
	Sku    string `json:"sku"`
	Name   string `json:"name"`
	// Quantity is at least 1.
	Quantity int `json:"quantity"`
	// Order is the order's transaction id.
	Order      string  `json:"order"`
	Status     string  `json:"status"`
	GrantedAt  string  `json:"granted_at"`
	ConsumedAt *string `json:"consumed_at"`
	RevokedAt  *string `json:"revoked_at"`
	// Clawback: revoked after the game had consumed it, so the game takes the items back.
	Clawback bool `json:"clawback"`
}

// EntitlementQuery filters ListEntitlements; zero values are left out.
type EntitlementQuery struct {
	Status string // "pending", "consumed" or "revoked"
	Player string // the player's uuid
	After  string // the Next of the previous page
	Limit  int    // 1..500
}

// EntitlementPage is one page of entitlements; Next is "" on the last page.
type EntitlementPage struct {
	Entitlements []Entitlement `json:"entitlements"`
	Next         string        `json:"next"`
}

// ListEntitlements calls GET /api/game/entitlements: the key's game's entitlements, oldest first. Pass the
// page's Next as After for the following page.
func (s *GameServer) ListEntitlements(ctx context.Context, q EntitlementQuery) (*EntitlementPage, error) {
	if s.ServerKey == "" {
		return nil, errors.New("ServerKey is required")
	}
	params := url.Values{}
	for name, value := range map[string]string{"status": q.Status, "player": q.Player, "after": q.After} {
		if value != "" {
			params.Set(name, value)
		}
	}
	if q.Limit != 0 {
		params.Set("limit", strconv.Itoa(q.Limit))
	}
	path := "api/game/entitlements"
	if len(params) > 0 {
		path += "?" + params.Encode()
	}
	var page EntitlementPage
	if _, err := call(ctx, s.BaseURL, path, nil, bearer(s.ServerKey), &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// ConsumeEntitlement calls POST /api/game/entitlements/{id}/consume, after the game has handed the items
// over. It returns the consumed entitlement (again, when it was already consumed); a revoked one is a
// *PortalError with Status 409.
func (s *GameServer) ConsumeEntitlement(ctx context.Context, id string) (*Entitlement, error) {
	if s.ServerKey == "" {
		return nil, errors.New("ServerKey is required")
	}
	var reply struct {
		Entitlement Entitlement `json:"entitlement"`
	}
	path := "api/game/entitlements/" + url.PathEscape(id) + "/consume"
	if _, err := call(ctx, s.BaseURL, path, map[string]any{}, bearer(s.ServerKey), &reply); err != nil {
		return nil, err
	}
	return &reply.Entitlement, nil
}

// PlayerReport is a report of a player, sent by ReportPlayer. Reported and Category are required.
type PlayerReport struct {
	// Reported is the reported player's uuid.
	Reported string `json:"reported"`
	// Category is "cheating", "exploiting", "offensive_name", "verbal_abuse", "scamming", "spamming" or "other".
	Category string `json:"category"`
	// Reporter is the reporting player's uuid, when a player reported (not the game itself).
	Reporter string `json:"reporter,omitempty"`
	// Message is at most 1000 characters.
	Message string `json:"message,omitempty"`
	// Context is what staff need to judge it (match id, chat excerpt): at most 4 KB of JSON.
	Context map[string]any `json:"context,omitempty"`
}

// ReportReceipt is the portal's receipt of a report.
type ReportReceipt struct {
	ID        string `json:"id"`
	CreatedAt string `json:"created_at"`
}

// Sanction is a ban or restriction of a player, as a game reads it.
type Sanction struct {
	ID     string `json:"id"`
	Player string `json:"player"`
	// Scope is "account" (the whole portal), "game" (one game), "purchases" or "chat" (one feature: a game
	// enforces chat itself).
	Scope string `json:"scope"`
	// Kind is "ban" (keeps the player out) or "restriction" (takes one feature away).
	Kind string `json:"kind"`
	// Game is the game of a game or chat sanction; nil for the account and purchases.
	Game     *string `json:"game"`
	Category string  `json:"category"`
	// Note is what the player reads.
	Note     string `json:"note"`
	StartsAt string `json:"starts_at"`
	// ExpiresAt is nil for a permanent sanction.
	ExpiresAt *string `json:"expires_at"`
	LiftedAt  *string `json:"lifted_at"`
	// Status is "active", "lifted" or "expired".
	Status string `json:"status"`
}

// Standing is what applies to a player in the key's game now.
type Standing struct {
	Player string `json:"player"`
	// Banned is true when the player may not play this game now (an account ban or this game's ban).
	Banned bool `json:"banned"`
	// Sanctions are the sanctions in force that apply to the key's game (account bans, this game's bans and
	// chat restrictions).
	Sanctions []Sanction `json:"sanctions"`
}

// ReportPlayer calls POST /api/game/reports: it reports a player to the portal's staff (the report's game is
// the key's). A Reported or Reporter unknown or not registered for the key's game is a *PortalError with
// Status 404, a bad report 422.
func (s *GameServer) ReportPlayer(ctx context.Context, report PlayerReport) (*ReportReceipt, error) {
	if s.ServerKey == "" {
		return nil, errors.New("ServerKey is required")
	}
	var reply struct {
		Report ReportReceipt `json:"report"`
	}
	if _, err := call(ctx, s.BaseURL, "api/game/reports", report, bearer(s.ServerKey), &reply); err != nil {
		return nil, err
	}
	return &reply.Report, nil
}

// GetStanding calls GET /api/game/players/{uuid}/standing: the sanctions in force that apply to the key's game.
// Call it at match start: Banned means the player may not play. An unknown player is a *PortalError with
// Status 404.
func (s *GameServer) GetStanding(ctx context.Context, player string) (*Standing, error) {
	if s.ServerKey == "" {
		return nil, errors.New("ServerKey is required")
	}
	var standing Standing
	path := "api/game/players/" + url.PathEscape(player) + "/standing"
	if _, err := call(ctx, s.BaseURL, path, nil, bearer(s.ServerKey), &standing); err != nil {
		return nil, err
	}
	return &standing, nil
}

// WebhookEvent is what the portal sends to the game's webhook URL.
type WebhookEvent struct {
	ID string `json:"id"`
	// Type is "entitlement.granted", "entitlement.revoked", "player.sanctioned", "player.sanction_lifted" or "ping".
	Type      string `json:"type"`
	CreatedAt string `json:"created_at"`
	Data      struct {
		// Entitlement is set for the entitlement events.
		Entitlement *Entitlement `json:"entitlement"`
		// Sanction is set for player.sanctioned and player.sanction_lifted.
		Sanction *Sanction `json:"sanction"`
	} `json:"data"`
}

// WebhookError is a webhook whose Portal-Signature does not check out: answer it with HTTP 400 and do not
// act on it.
type WebhookError struct{ Reason string }

func (e *WebhookError) Error() string { return "portal webhook: " + e.Reason }

// DefaultWebhookTolerance is how far a signature's time may be from this machine's clock.
const DefaultWebhookTolerance = 300 * time.Second

var (
	timestampPattern = regexp.MustCompile(`^[0-9]{1,12}$`)
	signaturePattern = regexp.MustCompile(`^[0-9a-fA-F]{64}$`)
)

// VerifyWebhook checks a webhook from the portal and returns its event. header is the Portal-Signature header
// (t=<unix seconds>,v1=<hex>[,v1=<hex>...]), rawBody the request body exactly as received (decode it only
// after this check). It is accepted when any v1 is the HMAC-SHA256 of "{t}.{rawBody}" with secret (compared
// in constant time) and t is within tolerance (DefaultWebhookTolerance) of the clock; otherwise the error is
// a *WebhookError.
func VerifyWebhook(header string, rawBody []byte, secret string, tolerance time.Duration) (*WebhookEvent, error) {
	return VerifyWebhookAt(header, rawBody, secret, tolerance, time.Now())
}

// VerifyWebhookAt is VerifyWebhook with the clock given (for tests).
func VerifyWebhookAt(header string, rawBody []byte, secret string, tolerance time.Duration, now time.Time) (*WebhookEvent, error) {
	if secret == "" {
		return nil, errors.New("secret is required")
	}
	if header == "" {
		return nil, &WebhookError{"the Portal-Signature header is missing"}
	}
	var t int64 = -1
	var signatures [][]byte
	for _, part := range strings.Split(header, ",") {
		name, value, _ := strings.Cut(part, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if name == "t" && timestampPattern.MatchString(value) {
			t, _ = strconv.ParseInt(value, 10, 64)
		} else if name == "v1" && signaturePattern.MatchString(value) {
			signature, _ := hex.DecodeString(value)
			signatures = append(signatures, signature)
		}
	}
	if t < 0 || len(signatures) == 0 {
		return nil, &WebhookError{"the Portal-Signature header is malformed"}
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(t, 10) + "."))
	mac.Write(rawBody)
	expected := mac.Sum(nil)
	// Every candidate is compared, so the time taken does not tell which one matched.
	matched := false
	for _, signature := range signatures {
		matched = hmac.Equal(expected, signature) || matched
	}
	if !matched {
		return nil, &WebhookError{"no Portal-Signature matches this body and secret"}
	}
	if math.Abs(float64(now.Unix()-t)) > tolerance.Seconds() {
		return nil, &WebhookError{"the Portal-Signature timestamp is outside the tolerance: a replay, or a wrong clock"}
	}
	var event WebhookEvent
	if err := json.Unmarshal(rawBody, &event); err != nil {
		return nil, &WebhookError{"the webhook body is not JSON"}
	}
	return &event, nil
}
