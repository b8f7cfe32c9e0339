export interface Bank {
  bankCodeString: string;
  bankCode: string;
  bankName: string;
  totalName: string;
}
export interface Branch {
  bankCodeString: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  totalName: string;
}
