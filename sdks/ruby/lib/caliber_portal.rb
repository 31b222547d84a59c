# frozen_string_literal: true

require 'json'
require 'net/http'
require 'uri'

# Caliber launcher login for the Games Portal: sign a player in with a password or PIN, then exchange the
# one-time code on the game server. Standard library only.
module CaliberPortal
  VERSION = '1.0.0'

  # A sign-in the portal refused; +code+ is e.g. INVALID_CREDENTIALS or PIN_LOCKED.
  class LoginError < StandardError
    attr_reader :code

    def initialize(code, message)
      super(message)
      @code = code
    end
  end

  # Any other failure: HTTP status (429 when rate-limited) and the portal's message.
  class PortalError < StandardError
    attr_reader :status

    def initialize(status, message)
      super(message)
      @status = status
    end
  end

  def self.post(base_url, path, body, bearer = nil)
    uri = URI.join(base_url.end_with?('/') ? base_url : "#{base_url}/", path)
    request = Net::HTTP::Post.new(uri)
    request['Content-Type'] = 'application/json'
    request['Accept'] = 'application/json'
    request['Authorization'] = "Bearer #{bearer}" if bearer
    request.body = JSON.generate(body)
    response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https', open_timeout: 10, read_timeout: 15) do |http|
      http.request(request)
    end
    json = begin
      JSON.parse(response.body.to_s)
    rescue JSON::ParserError
      {}
    end
    json = {} unless json.is_a?(Hash)
    status = response.code.to_i
    raise PortalError.new(status, json['message'] || "HTTP #{status}") if status >= 400

    json
  end

  # The one-time code in a launcher redirect URL such as caliber://login?code=...
  def self.code_from_redirect(redirect_url)
    query = redirect_url.to_s.split('?', 2)[1].to_s
    code = URI.decode_www_form(query).to_h['code']
    raise ArgumentError, 'The redirect URL carries no code.' if code.nil? || code.empty?

    code
  end

  # Launcher side: signs a player in. Returns { redirect_url:, code: }.
  class LauncherClient
    def initialize(base_url, developer: false)
      @base_url = base_url
      @developer = developer
    end

    def login_with_password(email, password)
      login('api/login-caliber', email: email, password: password)
    end

    # +user+ is the player's email or account uuid.
    def login_with_pin(user, pin)
      login('api/login-pin-caliber', user: user, pin: pin)
    end

    private

    def login(path, body)
      reply = CaliberPortal.post(@base_url, path, body.merge(developer: @developer))
      data = reply['data'].is_a?(Hash) ? reply['data'] : {}
      raise LoginError.new(data['errorCode'] || 'LOGIN_FAILED', data['errorMessage']) if data['errorMessage']
      raise PortalError.new(200, 'The portal answered without a redirectURL.') unless data['redirectURL']

      { redirect_url: data['redirectURL'], code: CaliberPortal.code_from_redirect(data['redirectURL']) }
    end
  end

  # Game server side: exchanges a one-time code (once, within 60 s). Keep the server key secret.
  class GameServer
    def initialize(base_url, server_key)
      raise ArgumentError, 'server_key is required' if server_key.to_s.empty?

      @base_url = base_url
      @server_key = server_key
    end

    # Returns { 'uuid', 'email', 'nickname', 'game', 'developer', 'method' }.
    def exchange_code(code)
      CaliberPortal.post(@base_url, 'api/game-login/exchange', { code: code }, @server_key)['data']
    end
  end
end
