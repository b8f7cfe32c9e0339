import {
  loginInput,
  passwordForgetInput,
  passwordUpdateInput,
  registerInput,
  sendCaptchaInput,
  updateNicknameInput,
} from "@shop/contract";
import { answers, authResult, captchaSent, messageOnly, publicUser } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/http.js";
import { pageLangOf } from "../../lib/page-lang.js";
import type { SessionGuards } from "../../plugins/session.js";
import { sessionOf } from "../../plugins/session.js";
import type { CartService } from "../cart/service.js";
import type { MembersService } from "../members/service.js";
import type { AuthService } from "./service.js";
import { afterSignIn } from "./signed-in.js";

/** Registration, sign-in and the member's own account calls. */
export function authRoutes(
  services: { auth: AuthService; cart: CartService; members: MembersService },
  guards: SessionGuards,
  authRateLimit: number,
): FastifyPluginAsyncZod {
  const { auth, members } = services;
  const limited = { rateLimit: { max: authRateLimit, timeWindow: "1 minute" } };

  return async (app) => {
    app.post(
      "/register/user/sendCaptcha",
      { schema: { body: sendCaptchaInput, response: answers(captchaSent) }, config: limited },
      async (req) => ok(await auth.sendCaptcha(req.body.phone, req.body.purpose, req.ip), "驗證碼已發送"),
    );

    const adoptCart = afterSignIn(services);

    app.post(
      "/register/user/store",
      { schema: { body: registerInput, response: answers(authResult) }, config: limited },
      async (req) => ok(await adoptCart(req, await auth.register({ ...req.body, lang: pageLangOf(req.headers) })), "註冊成功"),
    );

    app.post("/auth/login", { schema: { body: loginInput, response: answers(authResult) }, config: limited }, async (req) =>
      ok(await adoptCart(req, await auth.login(req.body)), "登入成功"),
    );

    app.post("/auth/logout", { schema: { response: messageOnly }, preHandler: guards.requireMember }, async (req) => {
      await auth.logout(sessionOf(req).tokenId);
      return ok(null, "已登出");
    });

    app.post(
      "/user/password/forget",
      { schema: { body: passwordForgetInput, response: messageOnly }, config: limited },
      async (req) => {
        await auth.forgetPassword(req.body);
        return ok(null, "密碼已重設，請以新密碼登入");
      },
    );

    app.post(
      "/user/password/update",
      { schema: { body: passwordUpdateInput, response: messageOnly }, preHandler: guards.requireMember, config: limited },
      async (req) => {
        await auth.updatePassword(sessionOf(req), req.body);
        return ok(null, "密碼已更新，其他裝置已登出");
      },
    );

    app.get("/user/get", { schema: { response: answers(publicUser) }, preHandler: guards.requireMember }, async (req) =>
      ok(await auth.currentUser(sessionOf(req).member)),
    );

    app.post(
      "/user/updateNickname",
      { schema: { body: updateNicknameInput, response: answers(publicUser) }, preHandler: guards.requireMember },
      async (req) => {
        const member = await members.updateNickname(sessionOf(req).member.id, req.body.nickname);
        return ok(await auth.currentUser(member), "暱稱已更新");
      },
    );
  };
}
