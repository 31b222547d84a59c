// Package test checks VerifyWebhook against the shared test vector (sdks/webhook-vector.json): go test ./...
package test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	portalsdk "example.com/caliber/portalsdk"
)

type vector struct {
	Secret         string `json:"secret"`
	PreviousSecret string `json:"previous_secret"`
	Timestamp      int64  `json:"timestamp"`
	Body           string `json:"body"`
	Signature      string `json:"signature"`
	Header         string `json:"header"`
	RotationHeader string `json:"rotation_header"`
}

func load(t *testing.T) vector {
	raw, err := os.ReadFile("../../webhook-vector.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vector
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func verify(v vector, header, body, secret string, tolerance time.Duration, now int64) (*portalsdk.WebhookEvent, error) {
	return portalsdk.VerifyWebhookAt(header, []byte(body), secret, tolerance, time.Unix(now, 0))
}

func refused(t *testing.T, err error, reason string) {
	t.Helper()
	var webhookErr *portalsdk.WebhookError
	if !errors.As(err, &webhookErr) || !strings.Contains(webhookErr.Reason, reason) {
		t.Fatalf("want a WebhookError about %q, got %v", reason, err)
	}
}

func TestAcceptsTheVectorAndReturnsTheEvent(t *testing.T) {
	v := load(t)
	event, err := verify(v, v.Header, v.Body, v.Secret, portalsdk.DefaultWebhookTolerance, v.Timestamp)
	if err != nil {
		t.Fatal(err)
	}
	if event.Type != "entitlement.granted" || event.Data.Entitlement == nil ||
		event.Data.Entitlement.Name != "1 200 Gems — Drachenschatz" || event.Data.Entitlement.Quantity != 2 {
		t.Fatalf("unexpected event %+v", event)
	}
}

func TestAcceptsAnyMatchingV1DuringARotation(t *testing.T) {
	v := load(t)
	for _, secret := range []string{v.Secret, v.PreviousSecret} {
		if _, err := verify(v, v.RotationHeader, v.Body, secret, portalsdk.DefaultWebhookTolerance, v.Timestamp); err != nil {
			t.Fatal(err)
		}
	}
}

func TestToleranceIsInclusiveAndBothWays(t *testing.T) {
	v := load(t)
	for _, now := range []int64{v.Timestamp + 300, v.Timestamp - 300} {
		if _, err := verify(v, v.Header, v.Body, v.Secret, portalsdk.DefaultWebhookTolerance, now); err != nil {
			t.Fatal(err)
		}
	}
	for _, now := range []int64{v.Timestamp + 301, v.Timestamp - 301} {
		_, err := verify(v, v.Header, v.Body, v.Secret, portalsdk.DefaultWebhookTolerance, now)
		refused(t, err, "tolerance")
	}
	if _, err := verify(v, v.Header, v.Body, v.Secret, 10*time.Second, v.Timestamp+10); err != nil {
		t.Fatal(err)
	}
	_, err := verify(v, v.Header, v.Body, v.Secret, 10*time.Second, v.Timestamp+11)
	refused(t, err, "tolerance")
}

func TestRejectsAnotherBodyOrSecret(t *testing.T) {
	v := load(t)
	_, err := verify(v, v.Header, strings.Replace(v.Body, `"quantity":2`, `"quantity":20`, 1), v.Secret, portalsdk.DefaultWebhookTolerance, v.Timestamp)
	refused(t, err, "matches")
	_, err = verify(v, v.Header, v.Body, v.PreviousSecret, portalsdk.DefaultWebhookTolerance, v.Timestamp)
	refused(t, err, "matches")
	later := strings.Replace(v.Header, fmt.Sprintf("t=%d", v.Timestamp), fmt.Sprintf("t=%d", v.Timestamp+1), 1)
	_, err = verify(v, later, v.Body, v.Secret, portalsdk.DefaultWebhookTolerance, v.Timestamp)
	refused(t, err, "matches")
}

func TestRejectsAMissingOrMalformedHeader(t *testing.T) {
	v := load(t)
	for _, header := range []string{
		"", "v1=" + v.Signature, fmt.Sprintf("t=%d", v.Timestamp), "t=abc,v1=" + v.Signature,
		fmt.Sprintf("t=%d,v1=%s", v.Timestamp, v.Signature[:62]), fmt.Sprintf("t=%d,v0=%s", v.Timestamp, v.Signature),
	} {
		_, err := verify(v, header, v.Body, v.Secret, portalsdk.DefaultWebhookTolerance, v.Timestamp)
		refused(t, err, "Portal-Signature header")
	}
}
