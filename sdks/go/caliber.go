// Package portalsdk is the Caliber launcher login for the Games Portal: sign a player in with a password or
// PIN, then exchange the one-time code on the game server. Standard library only.
package portalsdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
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

func post(ctx context.Context, baseURL, path string, body any, bearer string, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(baseURL, "/")+"/"+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	res, err := httpClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode >= 400 {
		var problem struct {
			Message string `json:"message"`
		}
		_ = json.NewDecoder(res.Body).Decode(&problem)
		if problem.Message == "" {
			problem.Message = res.Status
		}
		return &PortalError{Status: res.StatusCode, Message: problem.Message}
	}
	return json.NewDecoder(res.Body).Decode(out)
}

// CodeFromRedirect returns the one-time code in a launcher redirect URL such as caliber://login?code=...
func CodeFromRedirect(redirectURL string) (string, error) {
	_, query, _ := strings.Cut(redirectURL, "?")
	values, err := url.ParseQuery(query)
	if err != nil || values.Get("code") == "" {
		return "", errors.New("the redirect URL carries no code")
	}
	return values.Get("code"), nil
}

// LauncherClient signs players in, as the Caliber launcher does.
type LauncherClient struct {
	BaseURL   string
	Developer bool
}

// LoginWithPassword calls POST /api/login-caliber and returns the redirect URL and its code.
func (c *LauncherClient) LoginWithPassword(ctx context.Context, email, password string) (string, string, error) {
	return c.login(ctx, "api/login-caliber", map[string]any{"email": email, "password": password, "developer": c.Developer})
}

// LoginWithPin calls POST /api/login-pin-caliber; user is the player's email or account uuid.
func (c *LauncherClient) LoginWithPin(ctx context.Context, user, pin string) (string, string, error) {
	return c.login(ctx, "api/login-pin-caliber", map[string]any{"user": user, "pin": pin, "developer": c.Developer})
}

func (c *LauncherClient) login(ctx context.Context, path string, body map[string]any) (string, string, error) {
	var reply struct {
		Data struct {
			RedirectURL  string `json:"redirectURL"`
			ErrorMessage string `json:"errorMessage"`
			ErrorCode    string `json:"errorCode"`
		} `json:"data"`
	}
	if err := post(ctx, c.BaseURL, path, body, "", &reply); err != nil {
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

// GameServer exchanges one-time codes (once, within 60 s). Keep the server key secret.
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
	if err := post(ctx, s.BaseURL, "api/game-login/exchange", map[string]string{"code": code}, s.ServerKey, &reply); err != nil {
		return nil, err
	}
	return &reply.Data, nil
}
