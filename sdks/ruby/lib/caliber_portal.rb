# frozen_string_literal: true

require 'json'
require 'net/http'
require 'openssl'
require 'uri'

# Games Portal SDK: the Caliber launcher login (sign a player in with a password or PIN, then exchange the
# one-time code on the game server), entitlements (what players bought, handed over by the game server), player
# safety (reports and standing) and signed webhooks. Standard library only.
module CaliberPortal
  VERSION = '1.3.0'

  # A sign-in the portal refused; +code+ is e.g. INVALID_CREDENTIALS or PIN_LOCKED.
  class LoginError < StandardError
    attr_reader :code

    def initialize(code, message)
      super(message)
      @code = code
    end
  end

  # Any other failure: HTTP status (429 when rate-limited), the portal's message and its reply (+body+: the
  # parsed JSON, whose 'code' is e.g. CHALLENGE_REQUIRED).
  class PortalError < StandardError
    attr_reader :status, :body

    def initialize(status, message, body = {})
      super(message)
      @status = status
      @body = body
    end
  end

  # A webhook whose Portal-Signature does not check out: answer it with HTTP 400 and do not act on it.
  class WebhookError < StandardError; end

  # POST with a JSON body, or GET when +body+ is nil, with extra +headers+; +reply_headers+ (a Hash), when
  # given, receives the reply's headers (lower-case names).
  def self.request(base_url, path, body, headers = {}, reply_headers = nil)
    uri = URI.join(base_url.end_with?('/') ? base_url : "#{base_url}/", path)
    request = body.nil? ? Net::HTTP::Get.new(uri) : Net::HTTP::Post.new(uri)
    request['Accept'] = 'application/json'
    headers.each { |name, value| request[name] = value }
    unless body.nil?
      request['Content-Type'] = 'application/json'
      request.body = JSON.generate(body)
    end
    response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https', open_timeout: 10, read_timeout: 15) do |http|
      http.request(request)
    end
    json = begin
      JSON.parse(response.body.to_s)
    rescue JSON::ParserError
      {}
    end
    json = {} unless json.is_a?(Hash)
    response.each_header { |name, value| reply_headers[name.downcase] = value } if reply_headers
    status = response.code.to_i
    raise PortalError.new(status, json['message'] || "HTTP #{status}", json) if status >= 400

    json
  end

  # The proof of work the portal asks for (ALTCHA v2): PBKDF2 with SHA-256 over the nonce and a counter.
  module Challenge
    REQUIRED = 'CHALLENGE_REQUIRED'
    ALGORITHM = 'PBKDF2/SHA-256'
    # The most PBKDF2 rounds spent on one challenge: ten times the portal's hardest (a counter below 4,000 at
    # 1,000 rounds each, about a second), so a launcher never works without end.
    WORK_LIMIT = 40_000_000
    HEX_BYTES = /\A(?:\h{2})+\z/.freeze
    HEX_DIGITS = /\A\h+\z/.freeze

    # Solves the challenge of a 429 CHALLENGE_REQUIRED reply: the first counter (4 bytes, big-endian, after the
    # nonce) whose PBKDF2 key, salted with the challenge's salt, starts with its keyPrefix. Returns the altcha
    # field to repeat the request with (base64 JSON {challenge, solution}); a challenge it cannot solve within
    # WORK_LIMIT rounds raises PortalError 429 saying why.
    def self.solve(reply)
      challenge = reply['challenge']
      parameters = challenge.is_a?(Hash) && challenge['parameters'].is_a?(Hash) ? challenge['parameters'] : {}
      algorithm = parameters['algorithm']
      raise unsolved(reply, "its algorithm #{algorithm.inspect} is not #{ALGORITHM}") unless algorithm == ALGORITHM

      nonce, salt, key_prefix, cost = parameters.values_at('nonce', 'salt', 'keyPrefix', 'cost')
      key_length = parameters.fetch('keyLength', 32)
      well_formed = [nonce, salt].all? { |v| v.is_a?(String) && HEX_BYTES.match?(v) } &&
                    key_prefix.is_a?(String) && HEX_DIGITS.match?(key_prefix) &&
                    [cost, key_length].all? { |v| v.is_a?(Integer) && v >= 1 }
      raise unsolved(reply, 'it is malformed') unless well_formed

      nonce_bytes = [nonce].pack('H*')
      salt_bytes = [salt].pack('H*')
      prefix = key_prefix.downcase
      (WORK_LIMIT / cost).times do |counter|
        derived = OpenSSL::KDF.pbkdf2_hmac(nonce_bytes + [counter].pack('N'), salt: salt_bytes, iterations: cost,
                                                                               length: key_length, hash: 'sha256')
        derived_key = derived.unpack1('H*')
        next unless derived_key.start_with?(prefix)

        payload = { challenge: challenge, solution: { counter: counter, derivedKey: derived_key } }
        return [JSON.generate(payload)].pack('m0')
      end
      raise unsolved(reply, "no solution within #{WORK_LIMIT} PBKDF2 rounds")
    end

    def self.unsolved(reply, reason)
      PortalError.new(429, "The portal's proof-of-work challenge could not be solved: #{reason}.", reply)
    end
    private_class_method :unsolved
  end

  # The one-time code in a launcher redirect URL such as caliber://login?code=...
  def self.code_from_redirect(redirect_url)
    query = redirect_url.to_s.split('?', 2)[1].to_s
    code = URI.decode_www_form(query).to_h['code']
    raise ArgumentError, 'The redirect URL carries no code.' if code.nil? || code.empty?

    code
  end

  # Launcher side: signs a player in. Returns { redirect_url:, code: }. A password sign-in makes this launcher a
  # known device: +device_token+ (the portal's Device-Token header) is sent with every later sign-in, and the
  # PIN works only with it. Keep it with the launcher's settings and pass it back on the next start.
  class LauncherClient
    attr_reader :device_token

    def initialize(base_url, developer: false, device_token: nil)
      @base_url = base_url
      @developer = developer
      @device_token = device_token
    end

    def login_with_password(email, password)
      login('api/login-caliber', email: email, password: password)
    end

    # +user+ is the player's email or account uuid.
    def login_with_pin(user, pin)
      login('api/login-pin-caliber', user: user, pin: pin)
    end

    private

    def send_login(path, body)
      seen = {}
      headers = @device_token ? { 'Device-Token' => @device_token } : {}
      reply = CaliberPortal.request(@base_url, path, body.merge(developer: @developer), headers, seen)
      @device_token = seen['device-token'] || @device_token
      reply
    end

    def login(path, body)
      reply = begin
        send_login(path, body)
      rescue PortalError => e
        # Past an account's failed sign-ins from unknown clients the portal asks for a proof of work: solved, it
        # opens this one attempt (once; a second refusal is the caller's).
        raise unless e.body['code'] == Challenge::REQUIRED

        send_login(path, body.merge(altcha: Challenge.solve(e.body)))
      end
      data = reply['data'].is_a?(Hash) ? reply['data'] : {}
      raise LoginError.new(data['errorCode'] || 'LOGIN_FAILED', data['errorMessage']) if data['errorMessage']
      raise PortalError.new(200, 'The portal answered without a redirectURL.') unless data['redirectURL']

      { redirect_url: data['redirectURL'], code: CaliberPortal.code_from_redirect(data['redirectURL']) }
    end
  end

  # Game server side, with the game's server key: exchanges a one-time code (Caliber, once, within 60 s), hands
  # over what players bought (Yggdra, Tales Runner), reads players' standing and reports players (every game).
  # Keep the server key secret.
  class GameServer
    def initialize(base_url, server_key)
      raise ArgumentError, 'server_key is required' if server_key.to_s.empty?

      @base_url = base_url
      @server_key = server_key
    end

    # Returns { 'uuid', 'email', 'nickname', 'game', 'developer', 'method' }.
    def exchange_code(code)
      CaliberPortal.request(@base_url, 'api/game-login/exchange', { code: code }, auth)['data']
    end

    # GET /api/game/entitlements: the key's game's entitlements, oldest first. +status+ is pending, consumed
    # or revoked, +player+ a uuid, +after+ the 'next' of the previous page, +limit+ 1..500.
    # Returns { 'entitlements' => [...], 'next' => cursor or nil }.
    def list_entitlements(status: nil, player: nil, after: nil, limit: nil)
      query = { status: status, player: player, after: after, limit: limit }.compact
      path = query.empty? ? 'api/game/entitlements' : "api/game/entitlements?#{URI.encode_www_form(query)}"
      CaliberPortal.request(@base_url, path, nil, auth)
    end

    # POST /api/game/entitlements/{id}/consume, after the game has handed the items over: the consumed
    # entitlement (again, when it was already consumed). A revoked one raises PortalError with status 409.
    def consume_entitlement(id)
      path = "api/game/entitlements/#{URI.encode_www_form_component(id)}/consume"
      CaliberPortal.request(@base_url, path, {}, auth)['entitlement']
    end

    # POST /api/game/reports: reports a player to the portal's staff (the report's game is the key's).
    # +category+ is cheating, exploiting, offensive_name, verbal_abuse, scamming, spamming or other; +reporter+
    # the reporting player's uuid (when a player reported); +message+ at most 1000 characters; +context+ a Hash
    # of at most 4 KB of JSON (match id, chat excerpt). Returns { 'id', 'created_at' }. A +reported+ or
    # +reporter+ unknown or not registered for your game raises PortalError with status 404, a bad report 422.
    def report_player(reported, category, reporter: nil, message: nil, context: nil)
      body = { reporter: reporter, reported: reported, category: category, message: message, context: context }.compact
      CaliberPortal.request(@base_url, 'api/game/reports', body, auth)['report']
    end

    # GET /api/game/players/{uuid}/standing: { 'player', 'banned', 'sanctions' => [...] }, the sanctions in force
    # that apply to the key's game (account bans, this game's bans and chat restrictions), each { 'id', 'player',
    # 'scope', 'kind', 'game', 'category', 'note', 'starts_at', 'expires_at', 'lifted_at', 'status' }. 'banned'
    # is true when the player may not play this game now: call it at match start. An unknown player raises
    # PortalError with status 404.
    def get_standing(player)
      CaliberPortal.request(@base_url, "api/game/players/#{URI.encode_www_form_component(player)}/standing", nil, auth)
    end

    private

    def auth
      { 'Authorization' => "Bearer #{@server_key}" }
    end
  end

  # Checks a webhook from the portal and returns its event { 'id', 'type', 'created_at', 'data' }: data['entitlement']
  # for entitlement.granted and entitlement.revoked, data['sanction'] for player.sanctioned and player.sanction_lifted.
  # +header+ is the Portal-Signature header (t=<unix seconds>,v1=<hex>[,v1=<hex>...]), +raw_body+ the request
  # body exactly as received (request.raw_post in Rails; parse it only after this check). Accepted when any v1
  # is the HMAC-SHA256 of "{t}.{raw_body}" with +secret+ (compared in constant time) and t is within
  # +tolerance_seconds+ of +now+ (this machine's clock, in unix seconds); otherwise raises WebhookError.
  def self.verify_webhook(header, raw_body, secret, tolerance_seconds = 300, now: Time.now.to_i)
    raise ArgumentError, 'secret is required' if secret.to_s.empty?
    raise WebhookError, 'The Portal-Signature header is missing.' if header.to_s.empty?

    timestamp = nil
    signatures = []
    header.split(',').each do |part|
      name, value = part.split('=', 2).map { |s| s.to_s.strip }
      if name == 't' && value.match?(/\A[0-9]{1,12}\z/)
        timestamp = value.to_i
      elsif name == 'v1' && value.match?(/\A[0-9a-fA-F]{64}\z/)
        signatures << value.downcase
      end
    end
    raise WebhookError, 'The Portal-Signature header is malformed.' if timestamp.nil? || signatures.empty?

    body = raw_body.to_s.b
    expected = OpenSSL::HMAC.hexdigest('SHA256', secret, "#{timestamp}.".b + body)
    # Every candidate is compared, so the time taken does not tell which one matched.
    matched = signatures.map { |signature| OpenSSL.secure_compare(expected, signature) }.any?
    raise WebhookError, 'No Portal-Signature matches this body and secret.' unless matched
    if (now - timestamp).abs > tolerance_seconds
      raise WebhookError, 'The Portal-Signature timestamp is outside the tolerance: a replay, or a wrong clock.'
    end

    event = begin
      JSON.parse(body.dup.force_encoding(Encoding::UTF_8))
    rescue JSON::ParserError
      nil
    end
    raise WebhookError, 'The webhook body is not a JSON object.' unless event.is_a?(Hash)

    event
  end
end
