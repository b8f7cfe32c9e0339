import { PRIVACY_POLICY } from "../modules/content/privacy-policy.js";

/** Demo terms, privacy and about pages (plain, reasonable wording for a Taiwanese shop). */
export const DEMO_STATIC_PAGES = [
  {
    key: "terms",
    title: "會員服務條款",
    content: [
      "<p>歡迎使用茶山好物商城（以下稱本商城）。當您註冊成為會員或使用本商城服務時，即表示您已閱讀、瞭解並同意接受本條款之所有內容。</p>",
      "<h3>一、會員註冊</h3><p>您應提供正確、最新及完整的個人資料，並以手機號碼完成簡訊驗證。若資料不實，本商城得暫停或終止您的會員資格。</p>",
      "<h3>二、帳號安全</h3><p>請妥善保管您的密碼，勿提供給他人使用。若發現帳號遭盜用，請立即通知客服。</p>",
      "<h3>三、訂購與付款</h3><p>訂單成立以本商城寄發之訂單確認通知為準。商品價格、運費與優惠以結帳頁面顯示之金額為準。</p>",
      "<h3>四、點數與推薦回饋</h3><p>會員消費所累積之點數依本商城公告之規則計算；訂單取消或退貨時，已發放之點數將一併扣回。</p>",
      "<h3>五、退換貨</h3><p>依消費者保護法規定，您享有商品到貨後七日猶豫期（非試用期）。食品類商品拆封後恕不退換。</p>",
      "<h3>六、條款修訂</h3><p>本商城得隨時修訂本條款，修訂後將公告於網站，不另行個別通知。</p>",
    ].join(""),
  },
  // The shop's privacy policy as written for 個資法 (decision 78).
  PRIVACY_POLICY,
  {
    key: "about",
    title: "關於我們",
    content:
      "<p>茶山好物成立於 2012 年，從阿里山的一片茶園開始，走訪全台茶區與在地小農，挑選值得信賴的好茶與好食。</p><p>我們相信好東西值得被分享：會員消費累積點數，推薦好友一起加入，還能獲得推薦回饋。</p>",
  },
];
